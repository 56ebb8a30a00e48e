// What the screenshot scripts share: the two sizes every UI change is looked at, and a demo login
// through the API (no UI clicks), so pages show real data.
export const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

export async function login(base, email) {
  const res = await fetch(`${base}/thor/auth/email_login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'encore-demo' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return res.json();
}
