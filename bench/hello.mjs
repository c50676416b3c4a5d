// The bench's yardstick: a bare Fastify server answering a small JSON object, started by
// run.mjs in the same run as the app, so that the app's throughput reads as a share of what
// Fastify itself can do on this machine at this moment. `/bytes/:n` answers n bytes of HTML:
// the ceiling for an answer of that size, whatever the server does to produce it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodies = new Map();
app.get('/', async () => ({ hello: 'world' }));
app.get('/bytes/:n', async (request, reply) => {
  const n = Math.min(Number(request.params.n) || 0, 1_000_000);
  if (!bodies.has(n)) bodies.set(n, Buffer.alloc(n, 'a'));
  return reply.type('text/html; charset=utf-8').send(bodies.get(n));
});
await app.listen({ port: Number(process.env.PORT ?? 3198), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
