import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('SKIP: database connection faults: TEST_DATABASE_URL is not set (PostgreSQL only)');

/** Ends the server side of a connection, as a PostgreSQL restart or a failover does. */
async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

/**
 * A TCP relay to the test's PostgreSQL whose connections can be reset (RST) on the client side: a
 * crashed or restarted server's connections end so (read ECONNRESET), which pg_terminate_backend,
 * with its polite FATAL message, does not reproduce.
 */
async function resettableRelay(target: URL) {
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server };
    pairs.add(pair);
    client.pipe(server).pipe(client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', drop);
    server.on('error', drop);
    client.on('close', drop);
    server.on('close', drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const via = new URL(target.toString());
  via.hostname = '127.0.0.1';
  via.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: via.toString(),
    resetAll(): void {
      for (const { client, server } of pairs) {
        client.resetAndDestroy();
        server.destroy();
      }
    },
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

/**
 * Cuts the pool's connection while a query holds it (`cut` gets that connection's backend pid) and
 * checks the outcome: the query fails with `failure`, no uncaught error reaches the process, and the
 * pool answers the next query. pg emits 'error' on a client whose connection breaks even while it is
 * checked out, and the pool listens only to its idle ones: unheard, that error ended every node of
 * the fault suite.
 */
async function cutUnderQuery(
  databaseUrl: string,
  cut: (pid: number) => Promise<void> | void,
  failure: RegExp,
) {
  const handle = await openDatabase({ databaseUrl });
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', onUncaught);
  try {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    // The pool's only connection is that one again (LIFO): the sleeping query holds it while it is cut.
    const outcome = sql`select pg_sleep(10)`.execute(handle.db).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await new Promise((r) => setTimeout(r, 200));
    await cut(rows[0]?.pid ?? 0);
    expect(await outcome).toMatch(failure);
    // Let any 'error' event fire before judging.
    await new Promise((r) => setTimeout(r, 200));
    expect(uncaught).toEqual([]);
    const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(again.rows[0]?.one).toBe(1);
  } finally {
    process.off('uncaughtException', onUncaught);
    await handle.close();
  }
}

describe.skipIf(!url)('a PostgreSQL connection cut under a query', () => {
  it('a connection reset under a query fails that query only; the process and the pool go on', async () => {
    const relay = await resettableRelay(new URL(url as string));
    try {
      await cutUnderQuery(relay.url, () => relay.resetAll(), /ECONNRESET|terminated/i);
    } finally {
      await relay.close();
    }
  });

  it('a backend terminated under a query (pg_terminate_backend) fails that query only; the pool goes on', async () => {
    await cutUnderQuery(url as string, terminate, /terminat|ECONNRESET|Connection/i);
  });
});
