import type { Space } from "#db/schema";
import type { Executor } from "~/services/db.server";

export type ActivityInput = {
  agencyId: string;
  actorId: string | null;
  action: string;
  summary: string;
  subjectType?: string;
  subjectId?: string;
};

/** Writes one line of the agency's audit trail, inside the transaction of the change it describes. */
export async function recordActivity(executor: Executor, input: ActivityInput) {
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

/** A line about a space: what the actor did to it, or to who takes part in it. */
export function recordSpaceActivity(
  executor: Executor,
  actorId: string,
  space: Pick<Space, "id" | "agency_id">,
  { action, summary }: { action: string; summary: string },
) {
  return recordActivity(executor, {
    agencyId: space.agency_id,
    actorId,
    action,
    summary,
    subjectType: "space",
    subjectId: space.id,
  });
}

/** A line about the actor's own sign-in security; an administrator has no agency, so no trail to write to. */
export async function recordSecurityActivity(
  executor: Executor,
  actor: { id: string; agencyId: string | null },
  { action, summary }: { action: string; summary: string },
) {
  if (!actor.agencyId) return;
  await recordActivity(executor, { agencyId: actor.agencyId, actorId: actor.id, action, summary });
}
