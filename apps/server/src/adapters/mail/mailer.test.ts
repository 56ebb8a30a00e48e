import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

/** The production configuration a deployment needs, with mail delivered to a local SMTP sink. */
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let prod: TestContext;
beforeAll(async () => {
  sink = await startSmtpSink();
  prod = await createTestContext({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://encore.example',
    SMTP_URL: sink.url,
    DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
  });
});
afterAll(async () => {
  await prod?.close();
  await sink?.close();
});

describe('the mail outbox keeps no live secret (ASVS 8.3)', () => {
  it('a password reset link is delivered by SMTP, and its outbox row holds no link, only the delivery record', async () => {
    const user = await createUser(prod.db);
    const res = await prod.app.inject({
      method: 'POST',
      url: '/thor/auth/password/reset/',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const delivered = sink.messages.find((m) => m.includes(user.email));
    // Quoted-printable may fold the link: join soft line breaks before looking for it.
    const link = /https:\/\/encore\.example\/reset-password\/([\w-]+)/.exec(
      delivered?.replace(/=\r\n/g, '') ?? '',
    );
    expect(link?.[1]).toBeTruthy();
    const joined = link?.[1] ?? '';
    const secret = joined.slice(joined.indexOf('-') + 1);
    expect(secret.length).toBeGreaterThan(20);

    const row = await prod.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.kind).toBe('password-reset');
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.text_body).toBe('');
    expect(row.html_body).toBe('');
  });
});
