import { expect, test } from '../support/fixtures.ts';
import { uniqueFan } from '../support/outbox.ts';

// The step-up past a lockout by strangers (issue 29). Locking an account for real takes the account
// ceiling's wrong passwords (2,000 at this server's RATE_LIMIT_SCALE of 20, each an argon2 hash), so
// here the login's 429 is the server's answer for a locked account, served by the page's route; the
// link request and the link itself go to the real server. The lock, the mail and the link's sign-in
// are tested on the server (apps/server/src/modules/auth/login-throttle.test.ts).
test('a locked account: the login offers an emailed sign-in link; a used link opens the login form', async ({
  page,
}) => {
  const fan = uniqueFan();
  await page.route('**/thor/auth/email_login/', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '3600' },
      body: JSON.stringify({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many attempts.',
        step_up: 'email_link',
      }),
    }),
  );
  await page.goto('/?go=login');
  const modal = page.getByTestId('login-modal');
  await modal.getByTestId('login-email').fill(fan.email);
  await modal.getByTestId('login-password').fill('Encore2026pass');
  await modal.getByTestId('login-submit').click();
  await expect(modal.getByTestId('login-error')).toBeVisible();
  await expect(modal.getByTestId('login-step-up')).toBeVisible();
  await modal.getByTestId('login-step-up-send').click();
  await expect(modal.getByTestId('login-step-up-sent')).toContainText(fan.email);

  // A link that is unknown, used or expired: an error toast, and the login form to ask again.
  await page.goto(`/sign-in/${'A'.repeat(43)}`);
  await expect(page.getByTestId('toast-error')).toBeVisible();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
