// Three (or more) Encore nodes behind HAProxy on one PostgreSQL and one Redis: the launcher behind
// `npm run cluster` and the fault suite (scripts/faults.mjs). WebSockets are balanced like any
// request (leastconn, no sticky sessions): a fan's socket may land on any node and resume there.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');

/** HAProxy from Debian's packages, installed by the project's own script when missing. */
export function ensureHaproxy() {
  const res = spawnSync('bash', [path.join(root, 'scripts/ensure-system-packages.sh'), 'haproxy:haproxy'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('could not install haproxy (see above)');
}

/**
 * Each node answers the balancer's checks on its own port (HEALTH_PORT, the node's port plus this):
 * a check sent to the fans' port waited in its accept queue behind a herd (platform/liveness-port.ts).
 */
export const HEALTH_PORT_OFFSET = 40;

/** The balancer's configuration: liveness checks on /livez, WebSocket tunnels kept for an hour. */
export function haproxyConfig({ port, nodePorts, statsPort, maxconn = 200_000 }) {
  const servers = nodePorts
    .map((p, i) => `  server node${i + 1} 127.0.0.1:${p} check port ${p + HEALTH_PORT_OFFSET}`)
    .join('\n');
  return `global
  maxconn ${maxconn}
  log stderr format raw local0 warning

defaults
  mode http
  log global
  option dontlognull
  timeout connect 3s
  timeout client 60s
  timeout server 60s
  # An upgraded WebSocket is a tunnel: idle fans (ping every 25 s) keep it for up to an hour.
  timeout tunnel 1h
  timeout http-request 10s
  # Without it a check times out after \`inter\` (1 s): a node whose event loop stalls past a second
  # under a doors-open herd left the pool, and with all three out every fan got 503 (docs/benchmarks.md,
  # the herd). A killed node refuses the connection at once and still leaves within two checks.
  timeout check 3s

frontend fans
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend encore

backend encore
  # Long-lived sockets: the node with the fewest open connections takes the next one. No stickiness:
  # every node can serve every fan (sessions in PostgreSQL, the bus and limits in Redis).
  balance leastconn
  # Liveness: /livez on the node's HEALTH_PORT answers from the process alone (no database, no Redis),
  # on a socket whose accept queue holds only checks. A shared part's outage (/healthz 503 "degraded")
  # is the same on every node, and taking them all out would turn it into a full outage; and a check
  # on the fans' port waited behind a doors-open herd's connections in the node's accept queue (1 to
  # 3 s while the event loop turned every 40 ms), so busy, live nodes left the pool and their sockets
  # were cut (docs/benchmarks.md, the herd). A dead or hung node does not answer and leaves.
  option httpchk GET /livez
  http-check expect status 200
  # A node that fails two checks (1 s apart) leaves; its sockets are cut at once so that clients
  # reconnect to a live node instead of waiting on a dead one.
  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
${servers}
${statsPort ? `\nlisten stats\n  bind 127.0.0.1:${statsPort}\n  stats enable\n  stats uri /\n` : ''}`;
}

async function waitHealthy(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url}/healthz did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the nodes (the first alone, so that migrations and the demo seed run once) and HAProxy.
 * Answers the balancer's URL and controls for the fault suite.
 */
export async function startCluster({
  port,
  nodes = 3,
  databaseUrl,
  redisUrl,
  redisKeyPrefix = `encore-cluster-${port}:`,
  env = {},
  log = 'inherit',
  statsPort,
  /**
   * HAProxy processes on the one port (the kernel spreads connections over them: SO_REUSEPORT), each
   * with its own descriptors: a balancer holds at most half of its limit in connections (the herd).
   */
  balancers = 1,
}) {
  ensureHaproxy();
  const nodePorts = Array.from({ length: nodes }, (_, i) => port + 1 + i);
  const publicUrl = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(path.join(tmpdir(), 'encore-cluster-'));
  // One secret for all nodes: a DRM token signed by one node is checked by another.
  const shared = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    DRM_TOKEN_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
    ...env,
  };
  const procs = new Array(nodes).fill(null);

  function startNode(i) {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        ...shared,
        PORT: String(nodePorts[i]),
        HEALTH_PORT: String(nodePorts[i] + HEALTH_PORT_OFFSET),
      },
      stdio: log === 'inherit' ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    });
    child.exited = new Promise((resolve) => child.once('exit', resolve));
    procs[i] = child;
    return waitHealthy(`http://127.0.0.1:${nodePorts[i]}`, 120_000, () => child.exitCode === null);
  }

  const abort = async (err) => {
    for (const child of procs) if (child && child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(procs.map((c) => c?.exited));
    rmSync(work, { recursive: true, force: true });
    throw err;
  };
  try {
    await startNode(0);
    await Promise.all(nodePorts.slice(1).map((_, i) => startNode(i + 1)));
  } catch (err) {
    await abort(err);
  }

  const cfg = path.join(work, 'haproxy.cfg');
  // Each proxied connection holds two descriptors (fan side and node side): stay within the limit.
  const fdLimit = Number(spawnSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim());
  const maxconn = Number.isFinite(fdLimit) ? Math.min(200_000, Math.floor((fdLimit - 200) / 2)) : 200_000;
  writeFileSync(cfg, haproxyConfig({ port, nodePorts, statsPort, maxconn }));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy config refused: ${check.stderr}`);
  const haproxies = Array.from({ length: balancers }, () => {
    const haproxy = spawn('haproxy', ['-W', '-db', '-f', cfg], {
      stdio: log === 'inherit' ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    });
    haproxy.exited = new Promise((resolve) => haproxy.once('exit', resolve));
    return haproxy;
  });
  try {
    await waitHealthy(publicUrl, 20_000, () => haproxies.every((h) => h.exitCode === null));
  } catch (err) {
    for (const h of haproxies) if (h.exitCode === null) h.kill('SIGTERM');
    await abort(err);
  }

  return {
    url: publicUrl,
    nodePorts,
    /** The nodes' process ids (a bench reads their CPU time). */
    pids: () => procs.map((c) => c?.pid),
    /** kill -9 of node i (0-based): no goodbye to its sockets, no flush. */
    async kill(i) {
      const child = procs[i];
      child.kill('SIGKILL');
      await child.exited;
    },
    restart: (i) => startNode(i),
    async stop() {
      for (const h of haproxies) h.kill('SIGTERM');
      for (const child of procs) if (child && child.exitCode === null) child.kill('SIGTERM');
      await Promise.all([...haproxies.map((h) => h.exited), ...procs.map((c) => c?.exited)]);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
