import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";

export type ActivityInput = {
  agencyId: string;
  actorId: string | null;
  action: string;
  summary: string;
  subjectType?: string;
  subjectId?: string;
};

/** Writes one line of the agency's audit trail, inside the transaction of the change it describes. */
export async function recordActivity(executor: Kysely<Database> | Transaction<Database>, input: ActivityInput) {
  await executor
    .insertInto("activity")
    .values({
      agency_id: input.agencyId,
      actor_id: input.actorId,
      action: input.action,
      summary: input.summary,
      subject_type: input.subjectType ?? null,
      subject_id: input.subjectId ?? null,
    })
    .execute();
}
