/** The request-path baseline: Fastify with one JSON route, nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { status: 'ok' };
app.get('/api/health', async () => answer);
app.get('/api/projects', async () => answer);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
