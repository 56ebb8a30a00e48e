import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * The operators' alert rules (ops/prometheus) against the real Prometheus tooling (Debian's
 * prometheus package, installed by `npm test` through scripts/ensure-system-packages.sh) and a real
 * scrape of a node: a renamed series or a broken runbook link fails here, not during a show.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const rulesDir = path.join(repoRoot, 'ops/prometheus');
const rulesFile = path.join(rulesDir, 'encore-rules.yml');
const TOKEN = 'alert-rules-token-for-the-test-0123456789';

const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool) {
  console.warn(
    'SKIP: alert rules: promtool is not installed (scripts/ensure-system-packages.sh promtool:prometheus)',
  );
}

function runPromtool(args: string[], input?: string) {
  const res = spawnSync('promtool', args, { cwd: rulesDir, input, encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!promtool)('alert rules (ops/prometheus)', () => {
  it('pass promtool check rules and their own unit tests (each alert fires after its for:, and only then)', () => {
    const check = runPromtool(['check', 'rules', rulesFile]);
    expect(check.output).toMatch(/SUCCESS: 13 rules found/);
    expect(check.status).toBe(0);
    const tests = runPromtool(['test', 'rules', 'encore-rules.test.yml']);
    expect(tests.output, tests.output).toMatch(/SUCCESS/);
    expect(tests.status).toBe(0);
  });

  it('name only series a node exports, in a scrape that promtool accepts; runbooks point at real sections', async () => {
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    expect(
      (await t.app.inject({ url: '/thor/auth/user/', headers: { authorization: `Token ${key}` } }))
        .statusCode,
    ).toBe(200);
    const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    // promtool's lint of the exposition: nothing on Encore's own series. prom-client's defaults are
    // left as they are (nodejs_active_handles_total is a gauge with a counter's suffix): dashboards
    // everywhere know them by those names.
    const lint = runPromtool(['check', 'metrics'], scrape.body);
    const problems = lint.output.split('\n').filter((l) => l.trim() !== '');
    expect(problems.filter((l) => !/^nodejs_active_\w+_total non-counter metrics/.test(l))).toEqual([]);

    const exported = new Set([...scrape.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const rules = readFileSync(rulesFile, 'utf8');
    const exprs = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map((m) => m[1] ?? '');
    expect(exprs).toHaveLength(13);
    const named = new Set(
      exprs.flatMap((e) => [...e.matchAll(/\b((?:encore|process|nodejs)_\w+)/g)].map((m) => m[1])),
    );
    expect(named.size).toBeGreaterThan(8);
    for (const series of named) {
      const base = String(series).replace(/_(bucket|count|sum)$/, '');
      expect(exported.has(series) || exported.has(base), `${series} is not on /metrics`).toBe(true);
    }

    const headings = readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8')
      .split('\n')
      .filter((l) => /^#{1,4} /.test(l))
      .map((l) => anchorOf(l.replace(/^#+ /, '')));
    const anchors = [...rules.matchAll(/runbook: 'docs\/operations\.md#([\w-]+)/g)].map((m) => m[1]);
    expect(anchors).toHaveLength(13);
    for (const anchor of anchors) expect(headings, anchor).toContain(anchor);
  });
});
