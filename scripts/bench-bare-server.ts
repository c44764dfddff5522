/**
 * The benchmarks' baseline server (bench-kit startBareServer): a bare Fastify app answering the JSON
 * in BODY_FILE on GET of any path, and on POST of any path (its JSON body read: bench:checkout's check
 * of its own client), on 127.0.0.1:PORT. Run as a child process like the shop.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE ?? '', 'utf8');
const app = Fastify();
app.get('/*', (_req, reply) => reply.type('application/json').send(body));
app.post('/*', (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// A normal exit on SIGTERM, so a CPU profile (BENCH_CPU_PROF) is written.
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
