// The bench's yardstick: a bare Fastify server answering a small JSON object, started by
// run.mjs in the same run as the app, so that the app's throughput reads as a share of what
// Fastify itself can do on this machine at this moment. `PUT /copy/:name` stores an answer's
// bytes and headers (JSON: { base64, headers }); `GET /copy/:name` answers them as they are: the
// ceiling for that very answer, whatever the server does to produce it. (The bytes matter, not only
// their number: autocannon decodes every body as UTF-8, and a gzip body costs it about twice as
// much as ASCII text of the same size.)
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const copies = new Map();
app.get('/', async () => ({ hello: 'world' }));
app.put('/copy/:name', { bodyLimit: 10_000_000 }, async (request) => {
  const { base64, headers } = request.body;
  copies.set(request.params.name, { body: Buffer.from(base64, 'base64'), headers });
  return { stored: true };
});
app.get('/copy/:name', async (request, reply) => {
  const copy = copies.get(request.params.name);
  if (!copy) return reply.code(404).send();
  return reply.headers(copy.headers).send(copy.body);
});
await app.listen({ port: Number(process.env.PORT ?? 3198), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
