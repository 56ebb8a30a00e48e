/**
 * wrk (Debian's package `wrk`) as the load generator of the doors-open and cheer benches
 * (BENCH_LOADGEN=wrk). On this machine the load generator shares the two cores with the server and
 * the database: autocannon, in the bench's own Node process, spent about as much CPU per request as
 * the bare route it measures (it drove that route to one core), while wrk is a C event loop of its
 * own. Every request still comes from a distinct fan: a Lua script builds it from the fan's number.
 *
 * wrkLoad({ url, seconds, connections, fans, request }) answers an autocannon-shaped result
 * ({ requests: { total }, duration, latency: { p50, p99 }, non2xx, errors, timeouts, '2xx' }) plus
 * `used`, the fans the slice went through.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Installs wrk from Debian's packages when it is missing (scripts/ensure-system-packages.sh). */
export function ensureWrk() {
  const r = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-system-packages.sh'), 'wrk:wrk'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('wrk could not be installed');
}

const lua = (value) => JSON.stringify(String(value)); // a JSON string is a valid Lua string literal here

/**
 * The Lua script of one slice. `fans`: { prefix, from, count, start }: thread t of T sends fan
 * from + (start + t + T * j) % count for its j-th request. `request`: { method, path, body,
 * perFan? }: `perFan` (fan number -> { path, body }) overrides both per fan (a cheer's hang and
 * session); a body may hold one %s, a unique id per request (a toss_id).
 */
function script({ fans, request }) {
  const perFan = request.perFan
    ? `local perFan = {${Object.entries(request.perFan)
        .map(([fan, f]) => `[${Number(fan)}]={${lua(f.path)},${lua(f.body)}}`)
        .join(',')}}`
    : 'local perFan = nil';
  return `
local prefix, from, count, start = ${lua(fans.prefix)}, ${fans.from}, ${fans.count}, ${fans.start}
local method, pathFmt, bodyFmt = ${lua(request.method)}, ${lua(request.path)}, ${request.body === undefined ? 'nil' : lua(request.body)}
${perFan}
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
  for _, t in ipairs(threads) do t:set("nthreads", #threads) end
end
n = 0
function request()
  local fan = from + ((start + id + nthreads * n) % count)
  n = n + 1
  local headers = { ["authorization"] = "Token " .. prefix .. string.format("%07d", fan) }
  local p, fmt = pathFmt, bodyFmt
  if perFan then p, fmt = perFan[fan][1], perFan[fan][2] end
  local body = nil
  if fmt then
    headers["content-type"] = "application/json"
    body = string.format(fmt, string.format("%08x-%04x-4000-8000-%012x", start, id, n))
  end
  return wrk.format(method, p, headers, body)
end
function done(summary, latency, requests)
  local most = 0
  for _, t in ipairs(threads) do
    local got = t:get("n")
    if got > most then most = got end
  end
  io.write(string.format('WRK_RESULT {"requests":%d,"duration":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p99":%d,"used":%d}\\n',
    summary.requests, summary.duration, summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, latency:percentile(50), latency:percentile(99), most * #threads))
end
`;
}

let scripts = 0;

export function wrkLoad({ url, seconds, connections, fans, request, threads = 1 }) {
  const file = path.join(os.tmpdir(), `encore-wrk-${process.pid}-${scripts++}.lua`);
  writeFileSync(file, script({ fans, request }));
  const args = [
    '-t',
    String(threads),
    '-c',
    String(Math.max(connections, threads)),
    '-d',
    `${Math.max(1, Math.round(seconds))}s`,
    '--timeout',
    '10s',
    '-s',
    file,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const r = JSON.parse(line.slice('WRK_RESULT '.length));
      resolve({
        requests: { total: r.requests },
        duration: r.duration / 1e6,
        latency: { p50: Math.round(r.p50 / 1000), p99: Math.round(r.p99 / 1000) },
        // wrk counts an answer above 399 as a status error; a 3xx is not expected here.
        non2xx: r.status,
        '2xx': r.requests - r.status,
        errors: r.connect + r.read + r.write,
        timeouts: r.timeout,
        used: r.used,
      });
    });
  });
}
