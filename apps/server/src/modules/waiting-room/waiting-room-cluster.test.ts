import { randomBytes } from 'node:crypto';
import { InQueueBody, QueueStatus } from '@encore/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, STRONG_PASSWORD } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import { createExternalTestDatabase, type ExternalTestDatabase } from '../../../test/harness.ts';
import { api, killHard, type ServerProcess, startServer } from '../../../test/server-process.ts';

/**
 * One line per show across nodes (issue 28): two real server processes on the same PostgreSQL and
 * Redis. Fans take places on both; one node is killed with SIGKILL mid-queue; every fan polls and
 * enters through the survivor with the place it holds, in order. Skipped without TEST_DATABASE_URL
 * and TEST_REDIS_URL, like the other cluster tests.
 */
const clustered = Boolean(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL);
const PORTS = [testPort(8951), testPort(8952)];
const FANS = 6;

let ext: ExternalTestDatabase | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await killHard(s);
  await ext?.drop();
});

describe.skipIf(!clustered)(
  'the waiting room on two nodes (skipped without TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    it('a node killed mid-queue loses no one’s place', { timeout: 180_000 }, async () => {
      ext = await createExternalTestDatabase();
      const setup = await ext.open();
      const show = await createShow(setup.db, { startIn: 10 });
      const host = await createUser(setup.db, { role: 'host' });
      const fans = [];
      for (let i = 0; i < FANS; i++) {
        const user = await createUser(setup.db);
        await createTicket(setup.db, { userId: user.id, showId: show.id });
        fans.push(user);
      }
      await setup.close();

      const env = {
        ...ext.env,
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        REDIS_KEY_PREFIX: `encore-wr-test-${randomBytes(4).toString('hex')}:`,
        // The nodes of one deployment share the secret their places are signed with.
        DRM_TOKEN_SECRET: randomBytes(24).toString('hex'),
        RATE_LIMIT_SCALE: '1000',
        WAITING_ROOM_AUTO: 'false',
      };
      for (const port of PORTS) servers.push(await startServer(port, env));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const keyOf = async (node: ServerProcess, email: string) => {
        const res = await api(node, 'POST', '/thor/auth/email_login/', { email, password: STRONG_PASSWORD });
        expect(res.status, res.text).toBe(200);
        return auth((res.json() as { key: string }).key);
      };
      const hostHeaders = await keyOf(a, host.email);
      const settings = {
        rate_per_second: 2,
        max_active: 1000,
        policy: 'arrival',
        paused: true,
        prequeue_minutes: 30,
      };
      const paused = await api(a, 'PUT', `/thor/host/shows/${show.slug}/waiting-room`, settings, hostHeaders);
      expect(paused.status, paused.text).toBe(200);

      // Fans take places alternately on both nodes while admission is paused: one line, numbered 1..FANS.
      const held: Array<{ headers: Record<string, string>; token: string; place: number }> = [];
      for (const [i, fan] of fans.entries()) {
        const node = i % 2 === 0 ? a : b;
        const headers = await keyOf(node, fan.email);
        const res = await api(node, 'POST', `/thor/shows/${show.slug}/enter/`, {}, headers);
        expect(res.status, res.text).toBe(429);
        const { queue } = InQueueBody.parse(res.json());
        held.push({ headers, token: queue.token, place: queue.place ?? -1 });
      }
      expect(held.map((h) => h.place)).toEqual([1, 2, 3, 4, 5, 6]);

      await killHard(a);
      // The survivor knows every place, those taken on the dead node too.
      for (const h of held) {
        const res = await api(b, 'GET', `/thor/shows/${show.slug}/queue/?token=${h.token}`);
        expect(res.status, res.text).toBe(200);
        expect(QueueStatus.parse(res.json()).place).toBe(h.place);
      }
      // Resume on the survivor (settings are in the database): all are let in, in their order.
      const resumed = await api(
        b,
        'PUT',
        `/thor/host/shows/${show.slug}/waiting-room`,
        { ...settings, paused: false },
        await keyOf(b, host.email),
      );
      expect(resumed.status, resumed.text).toBe(200);
      const admittedAt: number[] = [];
      const deadline = Date.now() + 60_000;
      while (admittedAt.filter(Boolean).length < FANS && Date.now() < deadline) {
        for (const [i, h] of held.entries()) {
          if (admittedAt[i]) continue;
          const s = QueueStatus.parse(
            (await api(b, 'GET', `/thor/shows/${show.slug}/queue/?token=${h.token}`)).json(),
          );
          if (s.admitted) admittedAt[i] = s.admitted_through;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(admittedAt.filter(Boolean)).toHaveLength(FANS);
      // Never one let in before someone ahead of them: the mark at each admission only grows with place.
      for (let i = 1; i < FANS; i++) expect(admittedAt[i]).toBeGreaterThanOrEqual(admittedAt[i - 1] ?? 0);
      for (const h of held) {
        const res = await api(
          b,
          'POST',
          `/thor/shows/${show.slug}/enter/`,
          { queue_token: h.token },
          h.headers,
        );
        expect(res.status, res.text).toBe(200);
      }
    });
  },
);
