import { createHash } from 'node:crypto';
import { DevPartnerTokenBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signPartnerToken } from '../../adapters/partner/partner-verifier.ts';

/**
 * A small partner sign-in page for development and e2e, served by Encore where the real platform's
 * account page would be: it signs a token with the development key, as the platform signs with its
 * own, and hands it to the opener window by postMessage (accounts section 4). Outside production,
 * and only while no real partner keys are configured.
 */
export function partnerDevRoutes(deps: {
  secret: Buffer;
  issuer: string;
  audience: string;
  /** The Encore origin the token may be posted to. */
  appOrigin: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const html = page(deps.appOrigin);
    app.get('/dev/partner-account/', { schema: { hide: true } }, async (_req, reply) => {
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          // The site-wide policy allows no inline script: this page allows its own one, by hash.
          .header('content-security-policy', html.csp)
          .send(html.body)
      );
    });

    app.post(
      '/dev/partner-account/token',
      {
        schema: { hide: true, body: DevPartnerTokenBody, response: { 200: z.object({ token: z.string() }) } },
      },
      async (req) => {
        const seconds = Math.floor(Date.now() / 1000);
        const account = req.body.account.trim().toLowerCase();
        const token = signPartnerToken(deps.secret, {
          sub: `dev:${account}`,
          iss: deps.issuer,
          aud: deps.audience,
          iat: seconds,
          exp: seconds + 300,
        });
        return { token };
      },
    );
  };
}

function page(appOrigin: string): { body: string; csp: string } {
  const origin = JSON.stringify(appOrigin);
  const script = `
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const res = await fetch('token', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: document.getElementById('account').value }) });
  const { token } = await res.json();
  if (window.opener) window.opener.postMessage(token, ${origin});
  window.close();
});
`;
  const hash = createHash('sha256').update(script).digest('base64');
  const csp = `default-src 'self'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Partner account (development)</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d1a17;color:#eafff8;font-family:system-ui,sans-serif}
main{width:min(300px,86vw)}h1{font-size:20px;margin:0 0 6px}p{color:#9fc9bd;font-size:13px;line-height:1.5}
label{display:block;font-size:13px;margin:18px 0 6px}input{box-sizing:border-box;width:100%;padding:12px;border-radius:10px;border:1px solid #2e5a4f;background:#11251f;color:inherit;font-size:15px}
button{margin-top:16px;width:100%;padding:13px;border:0;border-radius:999px;background:#00cba2;color:#032019;font-weight:700;font-size:15px;cursor:pointer}
</style></head><body><main>
<h1>Partner account</h1><p>Development sign-in page of the partner platform. It signs a login token for Encore with the development key.</p>
<form id="f"><label for="account">Account name</label><input id="account" name="account" required maxlength="60" autocomplete="username">
<button type="submit" id="submit">Sign in and return</button></form></main>
<script>${script}</script></body></html>`;
  return { body, csp };
}
