import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness.ts';
import { REDACTED, redactUrl } from './log-redaction.ts';
import { newSecret } from './tokens.ts';

describe('request logs carry no secrets from URLs (ASVS 7.1.1)', () => {
  it('redacts token-like query parameters and path segments, and keeps the rest', () => {
    const secret = newSecret();
    expect(redactUrl(`/thor/auth/verify_email/?token=${secret}`)).toBe(
      `/thor/auth/verify_email/?token=${REDACTED}`,
    );
    expect(redactUrl(`/media/keys/k1?kid=abc&token=${secret}`)).toBe(
      `/media/keys/k1?kid=abc&token=${REDACTED}`,
    );
    expect(redactUrl(`/reset-password/1z-${secret}`)).toBe(`/reset-password/${REDACTED}`);
    expect(redactUrl('/reset-password/short')).toBe(`/reset-password/${REDACTED}`);
    expect(redactUrl(`/x/${secret}/y`)).toBe(`/x/${REDACTED}/y`);
    expect(redactUrl('/x?next=aaaaaaaaaa.bbbbbbbbbb.cccccccccc')).toBe(`/x?next=${REDACTED}`);
    expect(redactUrl('/thor/shows/?lang=ja&page=2')).toBe('/thor/shows/?lang=ja&page=2');
    expect(redactUrl('/media/demo/720p/segment_00012.ts')).toBe('/media/demo/720p/segment_00012.ts');
    expect(redactUrl('/x?%ZZ=1&flag')).toBe('/x?%ZZ=1&flag');
  });

  it('the app logs a request with ?token= as [redacted], never the token', async () => {
    const lines: string[] = [];
    const ctx = await createTestContext(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    try {
      const secret = newSecret();
      await ctx.app.inject({ method: 'GET', url: `/thor/auth/verify_email/?token=${secret}` });
      await ctx.app.inject({ method: 'GET', url: `/reset-password/1z-${secret}` });
      await ctx.app.inject({ method: 'GET', url: `/media/keys/none?kid=k&token=${secret}` });
      const logged = lines.join('');
      expect(logged).toContain(`/thor/auth/verify_email/?token=${REDACTED}`);
      expect(logged).toContain(`/reset-password/${REDACTED}`);
      expect(logged).toContain(`token=${REDACTED}`);
      expect(logged).not.toContain(secret);
    } finally {
      await ctx.close();
    }
  });
});
