/**
 * What an answer's size costs the server: the bare Fastify route answering 50 bytes and answering an
 * entry-sized body (9.5 kB), CPU per request of the server process (from /proc), two rounds each.
 *
 *   node bench/answer-size.mjs [port]        (default 8651)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds } from './processes.mjs';

const port = Number(process.argv[2] ?? 8651);
const fastify = path.resolve(import.meta.dirname, '../node_modules/fastify/fastify.js');
const server = `
import Fastify from ${JSON.stringify(fastify)};
const app = Fastify({ logger: false });
const large = Buffer.from(JSON.stringify({ session_id: 'x'.repeat(36), show: { pad: 'y'.repeat(9400) } }));
app.post('/small', async () => ({ status: true, paid_event_name: 'BENCH' }));
app.post('/large', (req, reply) => { reply.type('application/json').send(large); });
await app.listen({ port: ${port}, host: '127.0.0.1' });
`;
const child = spawn(process.execPath, ['--input-type=module', '-e', server], { stdio: 'inherit' });
await new Promise((r) => setTimeout(r, 1500));
const load = (route) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${port}${route}`, method: 'POST', connections: 50, duration: 4 },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
try {
  for (const round of [1, 2]) {
    for (const route of ['/small', '/large']) {
      const cpu0 = cpuSeconds([child.pid]);
      const r = await load(route);
      const us = ((cpuSeconds([child.pid]) - cpu0) * 1e6) / r.requests.total;
      console.log(
        `${route}, round ${round}: ${Math.round(r.requests.average)} requests/s, ${us.toFixed(1)} µs CPU per request`,
      );
    }
  }
} finally {
  child.kill();
}
