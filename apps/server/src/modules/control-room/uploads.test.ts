import { UploadResult } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let host: Record<string, string>;
let fan: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
  fan = auth(await login(t.app, (await createUser(t.db)).email));
});
afterAll(async () => {
  await t?.close();
});

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const upload = (body: Buffer, type: string, headers = host) =>
  t.app.inject({
    method: 'POST',
    url: '/thor/host/uploads',
    headers: { ...headers, 'content-type': type },
    payload: body,
  });

describe('POST /thor/host/uploads', () => {
  it('201 stores a PNG under its content hash; GET /uploads/<name> serves it with its type', async () => {
    const res = await upload(PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const body = UploadResult.parse(res.json());
    expect(body).toMatchObject({ content_type: 'image/png', bytes: PNG.length });
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const read = await t.app.inject({ url: body.url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('400 for bytes that are not the declared type, 415 for SVG or text, 413 over 2 MB', async () => {
    const lie = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(lie.statusCode).toBe(400);
    expect(lie.json()).toMatchObject({ code: 'BAD_IMAGE', field: 'file' });
    expect((await upload(Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(415);
    expect((await upload(Buffer.from('hello'), 'text/plain')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(big, 'image/png')).statusCode).toBe(413);
  });

  it('403 for a fan and 401 without a token', async () => {
    expect((await upload(PNG, 'image/png', fan)).statusCode).toBe(403);
    expect((await upload(PNG, 'image/png', {})).statusCode).toBe(401);
  });
});
