// A Prometheus beside `npm run cluster` (Debian's prometheus package, installed when missing): the
// shipped ops/prometheus configuration and alert rules, scraping each node directly with the
// cluster's METRICS_TOKEN, so that an operator sees the series and the alerts of a drill (kill a node:
// EncoreNodeDown goes pending, then firing after its minute).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');
const opsDir = path.join(root, 'ops/prometheus');

/**
 * The shipped prometheus.yml with these targets, the token's file and the rules' absolute path; the
 * scrape interval shortened for a local drill (`intervalSeconds`).
 */
export function clusterPrometheusConfig({ targets, tokenFile, intervalSeconds = 5 }) {
  const shipped = readFileSync(path.join(opsDir, 'prometheus.yml'), 'utf8');
  const config = shipped
    .replace(/scrape_interval: 15s/, `scrape_interval: ${intervalSeconds}s`)
    .replace(/evaluation_interval: 15s/, `evaluation_interval: ${intervalSeconds}s`)
    .replace('rule_files: [encore-rules.yml]', `rule_files: ['${path.join(opsDir, 'encore-rules.yml')}']`)
    .replace('/etc/prometheus/encore-token', tokenFile)
    .replace(/targets: \[.*\]/, `targets: [${targets.map((t) => `'${t}'`).join(', ')}]`);
  if (!targets.every((t) => config.includes(t)) || !config.includes(tokenFile)) {
    throw new Error('ops/prometheus/prometheus.yml no longer has the shape this launcher rewrites');
  }
  return config;
}

/** Starts Prometheus on 127.0.0.1:port; answers its URL and stop(). */
export async function startPrometheus({ port, targets, token, log = 'ignore' }) {
  const ensure = spawnSync(
    'bash',
    [path.join(root, 'scripts/ensure-system-packages.sh'), 'prometheus:prometheus'],
    { stdio: 'inherit' },
  );
  if (ensure.status !== 0) throw new Error('could not install prometheus (see above)');
  const work = mkdtempSync(path.join(tmpdir(), 'encore-prometheus-'));
  const tokenFile = path.join(work, 'token');
  writeFileSync(tokenFile, token, { mode: 0o600 });
  writeFileSync(path.join(work, 'prometheus.yml'), clusterPrometheusConfig({ targets, tokenFile }));
  const child = spawn(
    'prometheus',
    [
      `--config.file=${path.join(work, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(work, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: log === 'inherit' ? ['ignore', 'inherit', 'inherit'] : 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(work, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (Date.now() > deadline) break;
    await sleep(200);
  }
  await stop();
  throw new Error(`Prometheus did not start on port ${port}`);
}
