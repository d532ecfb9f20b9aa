import { sql, type Kysely } from "kysely";

/* Issue 21's dark mode: each user's choice of theme, the system's setting by default. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("theme", "text", (c) =>
      c
        .notNull()
        .defaultTo("system")
        .check(sql`theme in ('system', 'light', 'dark')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("theme").execute();
}
