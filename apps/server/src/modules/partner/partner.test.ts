import { generateKeyPairSync, sign } from 'node:crypto';
import { ClientConfig } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, uniqueIdentity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createPartnerVerifier, signPartnerToken } from '../../adapters/partner/partner-verifier.ts';

const SECRET = 'a-partner-shared-secret-of-32-chars!';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    PARTNER_JWT_SECRET: SECRET,
    PARTNER_JWT_ISSUER: 'partner',
    AUTH_SYSTEM: 'weverse',
  });
});
afterAll(async () => {
  await t?.close();
});

const seconds = () => Math.floor(Date.now() / 1000);
const claims = (over: Record<string, unknown> = {}) => ({
  sub: `acct-${uniqueIdentity().username}`,
  iss: 'partner',
  aud: 'encore',
  exp: seconds() + 300,
  ...over,
});
const token = (over: Record<string, unknown> = {}, secret = SECRET) =>
  signPartnerToken(Buffer.from(secret), claims(over));

const partnerLogin = (access_token: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/thor/auth/weverse_login/', payload: { access_token } });
const partnerRegister = (temp_code: string, username: string) =>
  t.app.inject({ method: 'POST', url: '/thor/auth/weverse_register/', payload: { temp_code, username } });

describe('partner-platform login', () => {
  it('a new partner account: 201 temp_code, registration 201 {key, user}; then 200 {key, user}', async () => {
    const sub = `acct-${uniqueIdentity().username}`;
    const first = await partnerLogin(token({ sub }));
    expect(first.statusCode).toBe(201);
    const { temp_code } = first.json() as { temp_code: string };
    const name = uniqueIdentity().username;
    const reg = await partnerRegister(temp_code, name);
    expect(reg.statusCode).toBe(201);
    const { key, user } = reg.json() as {
      key: string;
      user: { id: number; username: string; email: string };
    };
    expect(user).toMatchObject({ username: name, email: '' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/thor/users/${user.id}/`, headers: auth(key) })).statusCode,
    ).toBe(200);
    // A temp_code signs up once.
    expect((await partnerRegister(temp_code, uniqueIdentity().username)).statusCode).toBe(400);

    const again = await partnerLogin(token({ sub }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ user: { id: user.id, username: name } });
  });

  it('400 INVALID_WEVERSE_ACCOUNT for a token it cannot trust', async () => {
    const bad = [
      token({}, 'another-secret-that-is-32-chars-long!'),
      token({ exp: seconds() - 10 }),
      token({ iss: 'someone-else' }),
      token({ aud: 'another-app' }),
      token({ sub: '' }),
      'only.two',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.`,
    ];
    for (const access_token of bad) {
      const res = await partnerLogin(access_token);
      expect(res.statusCode, access_token).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_WEVERSE_ACCOUNT' });
    }
  });

  it('register: 409 USERNAME_ALREADY_EXISTS keeps the temp_code; 400 for an unknown one and a bad username', async () => {
    const taken = uniqueIdentity().username;
    const a = (await partnerLogin(token())).json() as { temp_code: string };
    expect((await partnerRegister(a.temp_code, taken)).statusCode).toBe(201);
    const b = (await partnerLogin(token())).json() as { temp_code: string };
    const clash = await partnerRegister(b.temp_code, taken.toUpperCase());
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'USERNAME_ALREADY_EXISTS', field: 'username' });
    expect((await partnerRegister(b.temp_code, 'no spaces')).statusCode).toBe(400);
    expect((await partnerRegister('nope', uniqueIdentity().username)).json()).toMatchObject({
      code: 'INVALID_WEVERSE_ACCOUNT',
    });
    expect((await partnerRegister(b.temp_code, uniqueIdentity().username)).statusCode).toBe(201);
  });

  it('config.json names the partner platform and its account page when AUTH_SYSTEM=weverse', async () => {
    const config = ClientConfig.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).json());
    expect(config.auth_system).toBe('weverse');
    expect(config.partner_account_url).toBe('http://encore.test/dev/partner-account/');
    // With real keys configured the development signing page is not served.
    expect((await t.app.inject({ method: 'GET', url: '/dev/partner-account/' })).statusCode).toBe(404);
  });

  it('204 PROBLEM_CONNECTING_TO_WEVERSE in production without partner keys', async () => {
    const prod = await createTestContext({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
    });
    try {
      const res = await partnerLogin(token(), prod.app);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    } finally {
      await prod.close();
    }
  });
});

describe('development partner sign-in page', () => {
  it('serves the page and signs tokens that weverse_login accepts', async () => {
    const dev = await createTestContext();
    try {
      const page = await dev.app.inject({ method: 'GET', url: '/dev/partner-account/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('postMessage(token, "http://encore.test")');
      const signed = await dev.app.inject({
        method: 'POST',
        url: '/dev/partner-account/token',
        payload: { account: 'Mina' },
      });
      const { token: devToken } = signed.json() as { token: string };
      expect(devToken.split('.')).toHaveLength(3);
      expect((await partnerLogin(devToken, dev.app)).statusCode).toBe(201);
      // A token of this development key means nothing to a deployment with other keys.
      expect((await partnerLogin(devToken)).statusCode).toBe(400);
    } finally {
      await dev.close();
    }
  });
});

describe('partner verifier adapter', () => {
  it('verifies RS256 and ES256 tokens with the platform public key', () => {
    for (const [type, alg] of [
      ['rsa', 'RS256'],
      ['ec', 'ES256'],
    ] as const) {
      const pair =
        type === 'rsa'
          ? generateKeyPairSync('rsa', { modulusLength: 2048 })
          : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const verifier = createPartnerVerifier({
        publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        issuer: 'partner',
        audience: 'encore',
      });
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${enc({ alg, typ: 'JWT' })}.${enc(claims({ sub: 'acct-1', email: 'a@b.test' }))}`;
      const sig = sign(
        'sha256',
        Buffer.from(body),
        type === 'ec' ? { key: pair.privateKey, dsaEncoding: 'ieee-p1363' } : pair.privateKey,
      ).toString('base64url');
      expect(verifier.verify(`${body}.${sig}`)).toEqual({ subject: 'acct-1', email: 'a@b.test' });
      expect(verifier.verify(`${body}.${sig.slice(0, -4)}AAAA`)).toBeNull();
      // An HS256 token is refused where only a public key is configured (no algorithm confusion).
      expect(verifier.verify(signPartnerToken(Buffer.from('x'.repeat(32)), claims()))).toBeNull();
    }
  });
});
