import type { Kysely } from "kysely";

/*
 * Issue 35: a linked page's card kept by its URL (fragment dropped), so that one read of the
 * page serves every message that links it, in any agency, for a while; `card` is null when
 * the page gave none. Nothing here says who linked it. The hourly pruning removes an entry
 * once `expires_at` has passed, with its picture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("link_preview_cache")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("card", "jsonb")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("link_preview_cache_expires_at_idx")
    .on("link_preview_cache")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("link_preview_cache").execute();
}
