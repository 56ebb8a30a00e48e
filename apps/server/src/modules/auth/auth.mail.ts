import type { MailMessage } from '../../adapters/mail/mailer.ts';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(
  title: string,
  body: string,
  cta: { label: string; url: string },
  footnote: string,
): string {
  return `<!doctype html><html><body style="margin:0;background:#0b0912;font-family:system-ui,sans-serif;color:#f4f1ff">
<div style="max-width:520px;margin:0 auto;padding:40px 24px">
<div style="font-size:22px;font-weight:800;letter-spacing:.2em;color:#ff4fd8">ENCORE</div>
<h1 style="font-size:24px;margin:24px 0 12px">${escapeHtml(title)}</h1>
<p style="line-height:1.6;color:#cfc8e8">${body}</p>
<p style="margin:32px 0"><a href="${escapeHtml(cta.url)}" style="background:linear-gradient(90deg,#ff4fd8,#7b5cff);color:#fff;text-decoration:none;padding:14px 28px;border-radius:999px;font-weight:700">${escapeHtml(cta.label)}</a></p>
<p style="font-size:13px;color:#8f88a8;line-height:1.5">${escapeHtml(footnote)}<br>${escapeHtml(cta.url)}</p>
</div></body></html>`;
}

export function verificationMail(to: string, username: string, url: string): MailMessage {
  const title = 'Verify your email address';
  return {
    to,
    kind: 'verify-email',
    subject: 'Encore: verify your email address',
    text: `Hi ${username},\n\nWelcome to Encore. Open this link to verify your email address and finish creating your account:\n\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this email.\n`,
    html: layout(
      title,
      `Hi ${escapeHtml(username)}, welcome to Encore. Verify your email address to finish creating your account. The link is valid for 24 hours.`,
      { label: 'Verify email', url },
      'If the button does not work, open this address in your browser. If you did not sign up, ignore this email.',
    ),
  };
}

export function passwordResetMail(to: string, username: string, url: string): MailMessage {
  return {
    to,
    kind: 'password-reset',
    subject: 'Encore: reset your password',
    text: `Hi ${username},\n\nSomeone asked to reset the password of your Encore account. Open this link to choose a new password:\n\n${url}\n\nThe link is valid for 1 hour. If it was not you, ignore this email: your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      `Hi ${escapeHtml(username)}, someone asked to reset the password of your Encore account. The link is valid for 1 hour.`,
      { label: 'Choose a new password', url },
      'If it was not you, ignore this email: your password stays as it is.',
    ),
  };
}
