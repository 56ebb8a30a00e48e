import { CodeImportFailure, CodeImportResult } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createBookingCode, createShow, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let hostHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  const host = await createUser(t.db, { role: 'host' });
  hostHeaders = auth(await login(t.app, host.email));
});
afterAll(async () => {
  await t?.close();
});

function upload(slug: string, csv: string, headers: Record<string, string> = hostHeaders) {
  return t.app.inject({
    method: 'POST',
    url: `/thor/host/shows/${slug}/ticket-codes`,
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });
}

const codesOf = (showId: number) =>
  t.db
    .selectFrom('booking_codes')
    .select(['code', 'email', 'vendor', 'attributes', 'kind', 'redeemed_by'])
    .where('show_id', '=', showId)
    .orderBy('code')
    .execute();

const HEADER = 'code,email,vendor,attributes';

describe('POST /thor/host/shows/{slug}/ticket-codes', () => {
  it('201 imports every row: codes trimmed and uppercased, emails lowercased, quoted JSON with commas', async () => {
    const show = await createShow(t.db);
    const csv = [
      HEADER,
      ' vip-0001 , Fan.One@Example.TEST ,encore,"{""type"":""Directors"",""4K"":true}"',
      'VIP-0002,fan2@example.test,ticketshop,"{""tmo"": false, ""mview"": 4}"',
      '',
      'VIP-0003,fan3@example.test,encore,',
      'VIP-0004,fan4@example.test,encore,{}',
    ].join('\r\n');
    const res = await upload(show.slug, csv);
    expect(res.statusCode).toBe(201);
    expect(CodeImportResult.parse(res.json())).toEqual({ imported: 4, errors: [] });
    expect(await codesOf(show.id)).toEqual([
      {
        code: 'VIP-0001',
        email: 'fan.one@example.test',
        vendor: 'encore',
        attributes: { type: 'Directors', '4K': true },
        kind: 'show',
        redeemed_by: null,
      },
      {
        code: 'VIP-0002',
        email: 'fan2@example.test',
        vendor: 'ticketshop',
        attributes: { tmo: false, mview: 4 },
        kind: 'show',
        redeemed_by: null,
      },
      {
        code: 'VIP-0003',
        email: 'fan3@example.test',
        vendor: 'encore',
        attributes: {},
        kind: 'show',
        redeemed_by: null,
      },
      {
        code: 'VIP-0004',
        email: 'fan4@example.test',
        vendor: 'encore',
        attributes: {},
        kind: 'show',
        redeemed_by: null,
      },
    ]);
  });

  it('an optional kind column marks merch codes', async () => {
    const show = await createShow(t.db);
    const res = await upload(
      show.slug,
      `${HEADER},kind\nMERCH-0001,a@b.co,encore,,merch\nSHOW-0001,a@b.co,encore,,\n`,
    );
    expect(res.statusCode).toBe(201);
    expect((await codesOf(show.id)).map((c) => [c.code, c.kind])).toEqual([
      ['MERCH-0001', 'merch'],
      ['SHOW-0001', 'show'],
    ]);
  });

  it('400 lists every bad line and imports nothing', async () => {
    const show = await createShow(t.db);
    const csv = [
      HEADER,
      'GOOD-0001,good@example.test,encore,{}',
      ',missing-code@example.test,encore,{}',
      'NOMAIL-01,,encore,{}',
      'BADMAIL-1,not-an-email,encore,{}',
      'BADJSON-1,a@b.co,encore,{type:GA}',
      'ARRAY-001,a@b.co,encore,[1]',
      'ABC,a@b.co,encore,{}',
      'TYPO-0001,a@b.co,encore,"{""4k"":true}"',
      'MVIEW-001,a@b.co,encore,"{""mview"":5}"',
      'VENDOR-01,a@b.co,nosuchshop,{}',
      'COLS-0001,a@b.co',
      'GOOD-0002,good2@example.test,encore,{}',
    ].join('\n');
    const res = await upload(show.slug, csv);
    expect(res.statusCode).toBe(400);
    const body = CodeImportFailure.parse(res.json());
    expect(body.code).toBe('INVALID_CSV');
    expect(body.imported).toBe(0);
    const errors = body.errors ?? [];
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const messages = errors.map((e) => e.message);
    expect(messages[0]).toMatch(/code is missing/);
    expect(messages[1]).toMatch(/email is missing/);
    expect(messages[2]).toMatch(/not a valid address/);
    expect(messages[3]).toMatch(/not valid JSON/);
    expect(messages[4]).toMatch(/must be a JSON object/);
    expect(messages[5]).toMatch(/shorter than 4/);
    expect(messages[6]).toMatch(/4k/);
    expect(messages[7]).toMatch(/mview/);
    expect(messages[8]).toMatch(/vendor "nosuchshop"/);
    expect(messages[9]).toMatch(/expected 4 columns, found 2/);
    expect(await codesOf(show.id)).toEqual([]);
  });

  it('400 for a code twice in the file and for a code the show already has; nothing imported', async () => {
    const show = await createShow(t.db);
    await createBookingCode(t.db, { showId: show.id, code: 'TAKEN-0001' });
    const csv = [
      HEADER,
      'NEW-00001,a@b.co,encore,{}',
      'taken-0001,a@b.co,encore,{}',
      'DUP-00001,a@b.co,encore,{}',
      ' dup-00001 ,c@d.co,encore,{}',
    ].join('\n');
    const res = await upload(show.slug, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { line: 3, message: 'code "TAKEN-0001" already exists for this show' },
      { line: 5, message: 'code "DUP-00001" is already on line 4' },
    ]);
    expect((await codesOf(show.id)).map((c) => c.code)).toEqual(['TAKEN-0001']);
  });

  it('the same code may exist for another show', async () => {
    const show = await createShow(t.db);
    const other = await createShow(t.db);
    await createBookingCode(t.db, { showId: other.id, code: 'SHARED-001' });
    expect((await upload(show.slug, `${HEADER}\nSHARED-001,a@b.co,encore,{}\n`)).statusCode).toBe(201);
  });

  it('line numbers follow quoted fields that span lines', async () => {
    const show = await createShow(t.db);
    const csv = `${HEADER}\nOK-000001,a@b.co,encore,"{\n""type"": ""GA""\n}"\nX,a@b.co,encore,{}\n`;
    const res = await upload(show.slug, csv);
    expect(res.json().errors).toEqual([{ line: 5, message: 'code "X" is shorter than 4 characters' }]);
  });

  it('400 for a wrong header, an empty file and a broken quote', async () => {
    const show = await createShow(t.db);
    const header = await upload(show.slug, 'code,mail,vendor,attributes\nABCD-0001,a@b.co,encore,{}\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().errors[0]).toMatchObject({ line: 1 });
    expect((await upload(show.slug, '')).statusCode).toBe(400);
    const quote = await upload(show.slug, `${HEADER}\nABCD-0001,a@b.co,encore,"{\n`);
    expect(quote.statusCode).toBe(400);
    expect(quote.json().errors[0].message).toMatch(/not a readable CSV/);
  });

  it('a header-only file imports nothing and is fine', async () => {
    const show = await createShow(t.db);
    const res = await upload(show.slug, `${HEADER}\n`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 0, errors: [] });
  });

  it('imports thousands of codes in one go', async () => {
    const show = await createShow(t.db);
    const rows = Array.from(
      { length: 2500 },
      (_, i) => `BULK-${String(i).padStart(5, '0')},fan${i}@example.test,encore,{}`,
    );
    const res = await upload(show.slug, [HEADER, ...rows].join('\n'));
    expect(res.statusCode).toBe(201);
    expect(res.json().imported).toBe(2500);
    const count = await t.db
      .selectFrom('booking_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('show_id', '=', show.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2500);
  });

  it('401 without a token, 403 for a fan, 404 for an unknown show', async () => {
    const show = await createShow(t.db);
    const csv = `${HEADER}\nABCD-0001,a@b.co,encore,{}\n`;
    expect((await upload(show.slug, csv, {})).statusCode).toBe(401);
    const fan = await createUser(t.db);
    const denied = await upload(show.slug, csv, auth(await login(t.app, fan.email)));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    const missing = await upload('no-such-show', csv);
    expect(missing.statusCode).toBe(404);
    expect(await codesOf(show.id)).toEqual([]);
  });

  it('refuses bodies that are not CSV', async () => {
    const show = await createShow(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${show.slug}/ticket-codes`,
      headers: hostHeaders,
      payload: { code: 'ABCD-0001' },
    });
    expect(res.statusCode).toBe(400);
  });
});
