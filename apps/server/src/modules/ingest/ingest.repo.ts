import type { LadderRung } from '@encore/contract';
import type { Db } from '../../db/database.ts';
import type { IngestStreamRow, ShowBroadcastRow } from '../../db/schema.ts';

export type StoredState = ShowBroadcastRow['state'];

export function createIngestRepo(db: Db) {
  return {
    broadcastOf(showId: number): Promise<ShowBroadcastRow | undefined> {
      return db.selectFrom('show_broadcasts').selectAll().where('show_id', '=', showId).executeTakeFirst();
    },

    /** Every ingest show's stored state: the fan-facing status of those shows follows it. */
    allStates(): Promise<{ show_id: number; state: StoredState }[]> {
      return db.selectFrom('show_broadcasts').select(['show_id', 'state']).execute();
    },

    async enable(showId: number, ladder: LadderRung[]): Promise<ShowBroadcastRow> {
      return db
        .insertInto('show_broadcasts')
        .values({ show_id: showId, ladder: JSON.stringify(ladder) })
        .onConflict((oc) =>
          oc.column('show_id').doUpdateSet({ ladder: JSON.stringify(ladder), updated_at: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Moves the state only from `from`: two hosts pressing at once make one transition. */
    transition(
      showId: number,
      from: StoredState[],
      to: StoredState,
      at: Date,
    ): Promise<ShowBroadcastRow | undefined> {
      return db
        .updateTable('show_broadcasts')
        .set({
          state: to,
          updated_at: at,
          ...(to === 'live' ? { live_at: at } : {}),
          ...(to === 'ended' ? { ended_at: at } : {}),
        })
        .where('show_id', '=', showId)
        .where('state', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    streamsOf(showId: number): Promise<IngestStreamRow[]> {
      return db
        .selectFrom('ingest_streams')
        .selectAll()
        .where('show_id', '=', showId)
        .orderBy('id')
        .execute();
    },

    /** The stream of a key id, with its show's slug and broadcast (the publish check). */
    streamByKeyId(keyId: string) {
      return db
        .selectFrom('ingest_streams')
        .innerJoin('shows', 'shows.id', 'ingest_streams.show_id')
        .leftJoin('show_broadcasts', 'show_broadcasts.show_id', 'ingest_streams.show_id')
        .selectAll('ingest_streams')
        .select(['shows.slug', 'show_broadcasts.state', 'show_broadcasts.ladder'])
        .where('ingest_streams.key_id', '=', keyId)
        .executeTakeFirst();
    },

    async insertStreamIfMissing(
      row: Omit<IngestStreamRow, 'id' | 'key_created_at' | 'sync_offset_ms'>,
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('ingest_streams')
        .values(row)
        .onConflict((oc) => oc.constraint('ingest_streams_show_stream').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    rotateKey(
      showId: number,
      stream: string,
      key: { keyId: string; hash: string; hint: string },
      at: Date,
    ): Promise<IngestStreamRow | undefined> {
      return db
        .updateTable('ingest_streams')
        .set({ key_id: key.keyId, key_hash: key.hash, key_hint: key.hint, key_created_at: at })
        .where('show_id', '=', showId)
        .where('stream', '=', stream)
        .returningAll()
        .executeTakeFirst();
    },

    /** A live stream by its AES-128 key id (the ClearKey licence of its CENC DASH, dash-packager.ts). */
    streamByMediaKeyId(mediaKeyId: string) {
      return db
        .selectFrom('ingest_streams')
        .innerJoin('shows', 'shows.id', 'ingest_streams.show_id')
        .select([
          'shows.slug',
          'ingest_streams.stream',
          'ingest_streams.media_key_id',
          'ingest_streams.media_key',
        ])
        .where('ingest_streams.media_key_id', '=', mediaKeyId)
        .executeTakeFirst();
    },

    setSyncOffset(showId: number, stream: string, ms: number): Promise<IngestStreamRow | undefined> {
      return db
        .updateTable('ingest_streams')
        .set({ sync_offset_ms: ms })
        .where('show_id', '=', showId)
        .where('stream', '=', stream)
        .returningAll()
        .executeTakeFirst();
    },

    /** The AES-128 key of a live stream, by show slug (the origin's key route). */
    mediaKeyOf(slug: string, stream: string) {
      return db
        .selectFrom('ingest_streams')
        .innerJoin('shows', 'shows.id', 'ingest_streams.show_id')
        .select(['ingest_streams.media_key_id', 'ingest_streams.media_key', 'ingest_streams.media_iv'])
        .where('shows.slug', '=', slug)
        .where('ingest_streams.stream', '=', stream)
        .executeTakeFirst();
    },
  };
}

export type IngestRepo = ReturnType<typeof createIngestRepo>;
