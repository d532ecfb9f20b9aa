import { db, countOf } from "~/services/db.server";
import type { AuditFilters } from "~/shared/audit";
import type { AuditEntry, AuditLog } from "~/shared/audit";
import { loadPeople } from "./actors.server";
import type { Actor } from "./actors.server";
import { notFound } from "./errors.server";
import { imageUrl } from "~/shared/image-urls";
import { AUDIT_KINDS, type AuditKind } from "~/shared/audit-kinds";
import { pageNumber, takePage } from "~/shared/paging";
import { isUuid } from "./space-access.server";

/*
 * Issue 17's audit page: the agency owner reads the agency's activity log (written by
 * each model in the transaction of its change, app/models/activity.server.ts), newest
 * first, narrowed by who acted, which space it was about and what kind of thing
 * happened. Only the agency owner, and only their own agency's lines.
 */

const KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];

/** The filters of an address's query (`person`, `space`, `kind`, `page`), as typed by anyone: what is not one is none. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const id = (name: string) => {
    const value = params.get(name) ?? "";
    return isUuid(value) ? value.toLowerCase() : null;
  };
  const kind = params.get("kind");
  return {
    person: id("person"),
    space: id("space"),
    kind: KIND_NAMES.find((known) => known === kind) ?? null,
    page: pageNumber(params.get("page")),
  };
}

/** Who may read an agency's audit log: its owner. */
export function canReadAudit(actor: Pick<Actor, "type" | "agencyId">): boolean {
  return actor.type === "AGENCY" && actor.agencyId !== null;
}

/** A page of the agency's log for its owner; "Not found" (404) for anyone else. */
export async function listAudit(actor: Actor, filters: AuditFilters): Promise<AuditLog> {
  if (!canReadAudit(actor)) throw notFound();
  const agencyId = actor.agencyId!;
  let query = db.selectFrom("activity").where("activity.agency_id", "=", agencyId);
  if (filters.person) query = query.where("activity.actor_id", "=", filters.person);
  if (filters.space) {
    query = query.where("activity.subject_type", "=", "space").where("activity.subject_id", "=", filters.space);
  }
  if (filters.kind) query = query.where("activity.action", "in", [...AUDIT_KINDS[filters.kind].actions]);

  const [entries, actorIds, spaces] = await Promise.all([
    takePage(
      filters.page,
      () => countOf(query),
      ({ limit, offset }) =>
        query
          .leftJoin("spaces", (join) =>
            join
              .onRef("spaces.id", "=", "activity.subject_id")
              .on("activity.subject_type", "=", "space")
              .on("spaces.agency_id", "=", agencyId),
          )
          .select([
            "activity.id",
            "activity.action",
            "activity.summary",
            "activity.actor_id",
            "activity.created_at",
            "spaces.id as space_id",
            "spaces.name as space_name",
          ])
          .orderBy("activity.created_at", "desc")
          .orderBy("activity.id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
    ),
    db
      .selectFrom("activity")
      .select("actor_id")
      .distinct()
      .where("agency_id", "=", agencyId)
      .where("actor_id", "is not", null)
      .$narrowType<{ actor_id: string }>()
      .execute(),
    db
      .selectFrom("spaces")
      .select(["id", "name"])
      .where("agency_id", "=", agencyId)
      .where("team_side_of", "is", null)
      .orderBy("name")
      .orderBy("id")
      .execute(),
  ]);

  const people = await loadPeople(actorIds.map((row) => row.actor_id));
  const kindOf = (action: string) =>
    KIND_NAMES.find((kind) => (AUDIT_KINDS[kind].actions as readonly string[]).includes(action));
  return {
    filters: { ...filters, page: entries.page },
    people: [...people.values()]
      .map((person) => ({ id: person.id, name: person.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    spaces,
    entries: {
      ...entries,
      items: entries.items.map((row): AuditEntry => {
        const person = row.actor_id ? people.get(row.actor_id) : undefined;
        const kind = kindOf(row.action);
        return {
          id: row.id,
          summary: row.summary,
          kind: kind ? AUDIT_KINDS[kind].label : null,
          at: row.created_at.toISOString(),
          actor: person ? { name: person.name, avatar: imageUrl(person.avatarKey) } : null,
          space: row.space_id && row.space_name ? { id: row.space_id, name: row.space_name } : null,
        };
      }),
    },
  };
}
