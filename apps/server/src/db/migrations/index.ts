import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-shows-and-tickets.ts';

/** Migrations in order; listed statically so that no file-system scan decides what runs. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-shows-and-tickets': m0002,
};
