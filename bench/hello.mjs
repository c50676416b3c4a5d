// The bench's yardstick: a bare Fastify server answering a small JSON object, started by
// run.mjs in the same run as the app, so that the app's throughput reads as a share of what
// Fastify itself can do on this machine at this moment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3198), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
