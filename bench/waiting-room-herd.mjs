/**
 * The waiting room's part of bench/herd.mjs (HERD_ROOM_RATE, issue 28): sets the show's room, samples
 * the line through the host API while the herd runs, then reports the order check, the admitted rate
 * measured from the line's own mark against the setting, and the poll's server CPU beside a bare
 * Fastify route measured in the same run.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds, freePort, keyFor } from './processes.mjs';

const hostKey = (seed) => keyFor(seed.keyPrefix, 0);

/** Fan 0 becomes the host; the room: the rate, room for every fan inside, arrival order, open. */
export async function prepareWaitingRoom({ databaseUrl, seed, base, rate, fans }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const hash = createHash('sha256').update(hostKey(seed)).digest('hex');
  await db.query(
    "update users set role = 'host' where id = (select user_id from auth_tokens where token_hash = $1)",
    [hash],
  );
  await db.end();
  const settings = {
    rate_per_second: rate,
    max_active: Math.max(fans * 2, 1000),
    policy: 'arrival',
    paused: false,
    prequeue_minutes: 0,
  };
  const url = `${base}/thor/host/shows/${seed.slug}/waiting-room`;
  const headers = { authorization: `Token ${hostKey(seed)}`, 'content-type': 'application/json' };
  const put = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(settings) });
  if (put.status !== 200) throw new Error(`waiting room not set: ${put.status} ${await put.text()}`);
  const samples = [];
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(5000) }).catch(() => null);
      if (res?.status === 200) samples.push({ t: Date.now(), ...(await res.json()) });
    });
  }, 1000);
  return {
    settings,
    headers,
    url,
    async stop() {
      clearInterval(timer);
      await running;
      return samples;
    },
  };
}

/** Server CPU per request of `url` on process `pid`: autocannon for `seconds`, CPU time before and after. */
async function cpuPerRequest(url, pid, seconds, method = 'GET') {
  const before = cpuSeconds([pid]);
  const r = await autocannon({ url, method, connections: 20, duration: seconds });
  const cpu = cpuSeconds([pid]) - before;
  const ok = r['2xx'];
  return {
    ok,
    errors: r.errors + r.non2xx + r.timeouts,
    perRequestUs: ok > 0 ? (cpu / ok) * 1e6 : null,
    rps: ok / seconds,
  };
}

export async function reportWaitingRoom({ places, line, cluster, room, seed, rate, root, node }) {
  // Order: every place handed out once, and each fan told "in" only once the mark had reached it.
  const queued = places.filter((p) => p.n !== null);
  const numbers = new Set(queued.map((p) => p.n));
  const early = queued.filter((p) => p.mark < p.n).length;
  const maxN = Math.max(0, ...queued.map((p) => p.n));
  // The admitted rate while fans waited: the mark's slope between the first and last samples with a line.
  const busy = line.filter((s) => s.queue_length > 0);
  const first = busy[0];
  const last = busy.at(-1);
  const measured =
    first && last && last.t > first.t
      ? (last.admitted_through - first.admitted_through) / ((last.t - first.t) / 1000)
      : null;
  // The rate fans actually got in at while there was a line: the middle 80 % of those who waited,
  // by the moment their poll said "in" (the edges are the line forming and the last stragglers).
  const admittedAts = queued.map((p) => p.admittedAt).sort((a, b) => a - b);
  const lo = Math.floor(admittedAts.length * 0.1);
  const hi = Math.floor(admittedAts.length * 0.9);
  const fansRate =
    hi > lo && admittedAts[hi] > admittedAts[lo]
      ? (hi - lo) / ((admittedAts[hi] - admittedAts[lo]) / 1000)
      : null;
  const factors = line.map((s) => s.auto_factor);
  console.log(`\nWaiting room: setting ${rate} fans/s, arrival order`);
  console.log('| figure | value |');
  console.log('|---|---:|');
  console.log(`| fans inside at the end (200 from enter) | ${places.length} |`);
  console.log(`| let in at once (no wait) | ${places.length - queued.length} |`);
  console.log(`| waited in line | ${queued.length} |`);
  console.log(`| places handed out: distinct / highest number | ${numbers.size} / ${maxN} |`);
  console.log(`| told "in" before the mark reached them | ${early} |`);
  console.log(`| longest line | ${Math.max(0, ...line.map((s) => s.queue_length))} |`);
  console.log(
    `| admitted rate, measured from the mark (while fans waited) | ${measured === null ? '-' : measured.toFixed(1)} fans/s (${measured === null ? '-' : ((measured / rate - 1) * 100).toFixed(1)} % from the setting) |`,
  );
  console.log(
    `| admitted rate, measured from the fans (middle 80 % of those who waited, by when told "in") | ${fansRate === null ? '-' : fansRate.toFixed(1)} fans/s (${fansRate === null ? '-' : ((fansRate / rate - 1) * 100).toFixed(1)} % from the setting) |`,
  );
  console.log(`| saturation factor, lowest seen | ${Math.min(1, ...factors).toFixed(2)} |`);
  const problems = [];
  if (numbers.size !== queued.length)
    problems.push(`${queued.length - numbers.size} places handed out twice`);
  if (early > 0) problems.push(`${early} fans let in before the mark reached their place`);
  // The line formed (the herd outran the setting): both measures must be within 10 % of it.
  for (const [name, r] of [
    ['mark', measured],
    ['fans', fansRate],
  ]) {
    if (r === null) problems.push(`admitted rate (${name}) not measurable: no line formed`);
    else if (Math.abs(r / rate - 1) > 0.1)
      problems.push(`admitted rate (${name}) ${r.toFixed(1)}/s is not within 10 % of ${rate}/s`);
  }

  // The poll's server CPU against a bare Fastify route, the same machine, the same minutes.
  await fetch(room.url, {
    method: 'PUT',
    headers: room.headers,
    body: JSON.stringify({ ...room.settings, paused: true }),
  });
  // A place of the host's own: the host has not entered, so pausing leaves it a place in line.
  const enter = await fetch(`${cluster.url}/thor/shows/${seed.slug}/enter/`, {
    method: 'POST',
    headers: room.headers,
    body: '{}',
  });
  const token = enter.status === 429 ? (await enter.json()).queue.token : null;
  const pid = cluster.pids()[0];
  const port = await freePort();
  const bare = fork(path.join(root, 'bench/bare-fastify.mjs'), [String(port)], {
    execPath: node,
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 1500));
  const rows = [];
  for (let slice = 0; slice < 2; slice++) {
    if (token)
      rows.push([
        'poll (node1)',
        await cpuPerRequest(
          `http://127.0.0.1:${cluster.nodePorts[0]}/thor/shows/${seed.slug}/queue/?token=${token}`,
          pid,
          4,
        ),
      ]);
    rows.push([
      'bare Fastify GET /healthz',
      await cpuPerRequest(`http://127.0.0.1:${port}/healthz`, bare.pid, 4),
    ]);
  }
  bare.kill('SIGTERM');
  console.log(
    '\n| route (two 4 s slices each, alternating) | answered | errors | per second | server CPU per request |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of rows) {
    console.log(
      `| ${name} | ${r.ok} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.perRequestUs === null ? '-' : `${r.perRequestUs.toFixed(0)} µs`} |`,
    );
  }
  if (!token) {
    console.log(`(no place for the CPU comparison: enter answered ${enter.status})`);
    problems.push('no CPU comparison');
  }
  for (const [name, r] of rows) if (r.errors > 0) problems.push(`${r.errors} errors on ${name}`);
  return problems;
}
