import type { TicketAttributes } from '@encore/contract';
import type { Db } from '../db/database.ts';
import type { BookingCodeKind } from '../db/schema.ts';
import { createShowsRepo } from '../modules/shows/shows.repo.ts';
import { usernameSkeleton } from '../modules/users/username-skeleton.ts';
import { hashPassword } from '../platform/passwords.ts';
import { demoShows } from './demo-shows.ts';
import { seedDemoStickers } from './demo-stickers.ts';

export const DEMO_ACCOUNTS = [
  { email: 'fan@encore.test', username: 'demofan', role: 'fan', note: 'holds tickets (Directors + 4K)' },
  {
    email: 'guest@encore.test',
    username: 'demoguest',
    role: 'fan',
    note: 'no ticket; code ENCORE-DEMO-0001',
  },
  { email: 'host@encore.test', username: 'demohost', role: 'host', note: 'host role' },
] as const;

type DemoTicket = { email: string; slug: string; attributes: TicketAttributes };
type DemoCode = DemoTicket & { code: string; vendor: string; kind?: BookingCodeKind };

const DEMO_TICKETS: DemoTicket[] = [
  { email: 'fan@encore.test', slug: 'encore-live', attributes: { type: 'Directors', '4K': true } },
  { email: 'fan@encore.test', slug: 'encore-soon', attributes: { type: 'GA' } },
];

/** Codes the guest can try in the ticket dialog (the purchase email is the guest's). */
export const DEMO_CODES: DemoCode[] = [
  {
    code: 'ENCORE-DEMO-0001',
    email: 'guest@encore.test',
    slug: 'encore-live',
    vendor: 'encore',
    attributes: { type: 'GA' },
  },
  {
    code: 'ENCORE-DEMO-0002',
    email: 'guest@encore.test',
    slug: 'encore-live',
    vendor: 'ticketshop',
    attributes: { type: 'Directors', '4K': true },
  },
  {
    code: 'ENCORE-DEMO-0003',
    email: 'guest@encore.test',
    slug: 'encore-soon',
    vendor: 'encore',
    attributes: { tmo: false },
  },
  {
    code: 'ENCORE-MERCH-0001',
    email: 'guest@encore.test',
    slug: 'encore-live',
    vendor: 'encore',
    attributes: {},
    kind: 'merch',
  },
];

/**
 * The demo shows, refreshed to times around `now` on every start so that the demo is always on, and
 * the demo tickets and codes, added once: what demo users did (redeemed codes) survives restarts.
 */
export async function seedDemoShows(db: Db, now: Date): Promise<void> {
  const repo = createShowsRepo(db);
  const showIds = new Map<string, number>();
  for (const show of demoShows(now)) showIds.set(show.slug, (await repo.upsertBySlug(show)).id);
  const userIds = new Map(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  for (const t of DEMO_TICKETS) {
    const userId = userIds.get(t.email);
    const showId = showIds.get(t.slug);
    if (userId === undefined || showId === undefined) continue;
    await db
      .insertInto('tickets')
      .values({ user_id: userId, show_id: showId, source: 'grant', attributes: JSON.stringify(t.attributes) })
      .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
      .execute();
  }
  for (const c of DEMO_CODES) {
    const showId = showIds.get(c.slug);
    if (showId === undefined) continue;
    await db
      .insertInto('booking_codes')
      .values({
        show_id: showId,
        code: c.code,
        email: c.email,
        vendor: c.vendor,
        attributes: JSON.stringify(c.attributes),
        kind: c.kind ?? 'show',
      })
      .onConflict((oc) => oc.columns(['show_id', 'code']).doNothing())
      .execute();
  }
}

/**
 * Seeds the demo accounts (verified, with DEMO_PASSWORD), shows, tickets and codes. Idempotent: an
 * existing account keeps its data, so restarting never loses what a demo user changed.
 */
export async function seedDemo(db: Db, password: string, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(password);
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insertInto('users')
      .values({
        email: account.email,
        username: account.username,
        username_skeleton: usernameSkeleton(account.username),
        password_hash: passwordHash,
        email_verified: true,
        role: account.role,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await seedDemoShows(db, now);
  await seedDemoStickers(db, now);
}
