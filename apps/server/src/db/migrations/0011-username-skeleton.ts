import { type Kysely, sql } from 'kysely';
import { usernameSkeleton } from '../../modules/users/username-skeleton.ts';

/**
 * Issue 12: the confusable skeleton of each username (Unicode TS #39, username-skeleton.ts), unique,
 * so that "is a look-alike of this name taken" is one indexed query and two sign-ups racing for
 * look-alike names cannot both win. Existing names are backfilled oldest first; a later account whose
 * name already looks like an older one's keeps its name but no skeleton (null is not unique-checked),
 * so it cannot be imitated in turn, only renamed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column username_skeleton text`.execute(db);
  const { rows } = await sql<{ id: number; username: string }>`
    select id, username from users order by id`.execute(db);
  const seen = new Set<string>();
  for (const row of rows) {
    const skeleton = usernameSkeleton(row.username);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    await sql`update users set username_skeleton = ${skeleton} where id = ${row.id}`.execute(db);
  }
  await sql`create unique index users_username_skeleton_key on users (username_skeleton)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_username_skeleton_key`.execute(db);
  await sql`alter table users drop column if exists username_skeleton`.execute(db);
}
