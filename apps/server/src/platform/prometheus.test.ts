import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterPrometheusConfig } from '../../../../scripts/cluster/prometheus.mjs';
import { createUser, login } from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectAs, realtimeUrl } from '../../test/realtime-client.ts';

/**
 * A real Prometheus server (Debian's prometheus package, installed by `npm test`) runs the shipped
 * ops/prometheus/prometheus.yml against a real node: it scrapes /metrics with the bearer token, is
 * refused with another, and loads the shipped alert rules. What an operator deploys is what is tested.
 */
const TOKEN = 'prometheus-scrape-token-for-the-test-0123';
const available = spawnSync('prometheus', ['--version']).status === 0;
if (!available)
  console.warn('SKIP: Prometheus scrape: prometheus is not installed (Debian package prometheus)');

type Target = { labels: { job: string }; health: string; lastError: string };

let t: TestContext;
let dir = '';
let prometheus: ChildProcess | undefined;
let api = '';
let log = '';

/** Polls the Prometheus API until `done` holds (its scrapes run every second here). */
async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Prometheus: ${what}; last answer ${JSON.stringify(last)}\n${log.slice(-2000)}`);
}

/** The `data` of an answer of the Prometheus HTTP API. */
const get = async <T>(p: string): Promise<T> =>
  ((await (await fetch(`${api}${p}`)).json()) as { data: T }).data;
type Rules = { groups: Array<{ rules: Array<{ health: string }> }> };

beforeAll(async () => {
  if (!available) return;
  t = await createTestContext({ METRICS_TOKEN: TOKEN });
  const ws = await realtimeUrl(t.app);
  const user = await createUser(t.db);
  await connectAs(ws, await login(t.app, user.email));
  const node = new URL(ws).host;

  dir = await mkdtemp(path.join(tmpdir(), 'encore-prometheus-'));
  await writeFile(path.join(dir, 'token'), TOKEN);
  await writeFile(path.join(dir, 'wrong-token'), TOKEN.replace('0', '1'));
  // The shipped file, as `npm run cluster` runs it: this node as the target, the token's path, 1 s.
  const config = clusterPrometheusConfig({
    targets: [node],
    tokenFile: path.join(dir, 'token'),
    intervalSeconds: 1,
  });
  expect(config).toContain(node);
  const wrongJob = [
    '  - job_name: encore-wrong-token',
    '    authorization: { type: Bearer, credentials_file: WRONG }',
    `    static_configs: [{ targets: ['${node}'] }]`,
  ].join('\n');
  await writeFile(
    path.join(dir, 'prometheus.yml'),
    `${config.trimEnd()}\n${wrongJob.replace('WRONG', path.join(dir, 'wrong-token'))}\n`,
  );
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.stdout?.on('data', (d) => (log += d));
  prometheus.stderr?.on('data', (d) => (log += d));
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((r) => prometheus?.once('exit', r));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('Prometheus on the shipped configuration', () => {
  it('scrapes the node with the bearer token, is refused with another, and loads the 13 alert rules', async () => {
    const targets = await waitFor(
      async () => (await get<{ activeTargets: Target[] }>('/api/v1/targets')).activeTargets,
      (list) => list.length === 2 && list.every((x) => x.health !== 'unknown'),
      'both targets scraped',
    );
    const byJob = Object.fromEntries(targets.map((x) => [x.labels.job, x]));
    expect(byJob.encore?.health, byJob.encore?.lastError).toBe('up');
    expect(byJob['encore-wrong-token']?.health).toBe('down');
    expect(byJob['encore-wrong-token']?.lastError).toMatch(/401/);

    const sockets = await waitFor(
      async () =>
        (
          await get<{ result: Array<{ value: [number, string] }> }>(
            '/api/v1/query?query=encore_realtime_sockets%7Bjob%3D%22encore%22%7D',
          )
        ).result,
      (r) => r.length === 1,
      'encore_realtime_sockets stored',
    );
    expect(Number(sockets[0]?.value[1])).toBe(1);

    const rules = (await get<Rules>('/api/v1/rules')).groups.flatMap((g) => g.rules);
    expect(rules).toHaveLength(13);
    // Each rule evaluated without error against the node's real series.
    await waitFor(
      async () => (await get<Rules>('/api/v1/rules')).groups.flatMap((g) => g.rules),
      (list) => list.every((r) => r.health === 'ok'),
      'every rule evaluated',
    );
  }, 60_000);
});
