import { sql } from "kysely";
import { db } from "~/services/db.server";

/* Outages of the database, for the tests and for the e2e server's hooks alike (no test runner imported). */

const triggerOf = (spaceId: string) => sql.id(`refuse_sends_${spaceId.replaceAll("-", "")}`);

/** How many messages the database has refused so far (a sequence, which the refusal's rollback does not undo). */
export async function refusedSends(): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select last_value - 1 + is_called::int as count from refused_sends
  `.execute(db);
  return Number(rows[0].count);
}

/**
 * The database refusing to store the space's messages as a database that is starting
 * up does (SQLSTATE 57P03, which the app counts as unavailable, not as a failure of the
 * message): every insert of a message of the space raises until `acceptMessagesAgain`.
 * The statement fails whole, as it would in an outage. The trigger lives in the database,
 * so it outlasts a killed server. `refusals` counts the refused rows since, so that a test
 * can wait for the server to have refused rather than sleep.
 */
export async function refuseMessagesAsUnavailable(spaceId: string) {
  await sql`create sequence if not exists refused_sends`.execute(db);
  await sql`create or replace function refuse_send() returns trigger language plpgsql as $$
    begin
      perform nextval('refused_sends');
      raise exception 'the database system is starting up' using errcode = '57P03';
    end $$`.execute(db);
  await sql`create trigger ${triggerOf(spaceId)} before insert on space_messages for each row
    when (new.space_id = ${sql.lit(spaceId)}::uuid) execute function refuse_send()`.execute(db);
  const before = await refusedSends();
  return {
    refusals: async () => (await refusedSends()) - before,
    end: () => acceptMessagesAgain(spaceId),
  };
}

export async function acceptMessagesAgain(spaceId: string) {
  await sql`drop trigger if exists ${triggerOf(spaceId)} on space_messages`.execute(db);
}
