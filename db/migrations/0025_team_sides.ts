import { sql, type Kysely } from "kysely";

/*
 * Issue 38: every space gets a team-only side, a chat of its own that only the agency's
 * staff who see the space may read (ADR 034). It is a row of `spaces` that names the
 * space it belongs to, so it has its own sequence, change log, reads, files and room, and
 * every query that reads a chat by its id keeps working; no client is ever added to it.
 * The database keeps the pair: a new space gets its side in the same statement, a renamed
 * one renames it, a deleted one takes it along (the foreign key), whoever writes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("spaces")
    .addColumn("team_side_of", "uuid", (c) => c.references("spaces.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("spaces_team_side_of_key").on("spaces").column("team_side_of").unique().execute();
  await sql`
    insert into spaces (agency_id, name, team_side_of)
    select agency_id, name, id from spaces where team_side_of is null
  `.execute(db);
  await sql`
    create function open_team_side() returns trigger language plpgsql as $$
    begin
      insert into spaces (agency_id, name, team_side_of) values (new.agency_id, new.name, new.id);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger spaces_open_team_side after insert on spaces
    for each row when (new.team_side_of is null) execute function open_team_side()
  `.execute(db);
  await sql`
    create function rename_team_side() returns trigger language plpgsql as $$
    begin
      update spaces set name = new.name where team_side_of = new.id;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger spaces_rename_team_side after update of name on spaces
    for each row when (new.team_side_of is null and new.name is distinct from old.name) execute function rename_team_side()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger spaces_rename_team_side on spaces`.execute(db);
  await sql`drop function rename_team_side()`.execute(db);
  await sql`drop trigger spaces_open_team_side on spaces`.execute(db);
  await sql`drop function open_team_side()`.execute(db);
  await sql`delete from spaces where team_side_of is not null`.execute(db);
  await db.schema.alterTable("spaces").dropColumn("team_side_of").execute();
}
