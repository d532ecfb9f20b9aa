import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import type { ClientOwnerOption, SpaceOverview, SpaceSummary } from "~/shared/spaces";
import type { Database, Space, UserType } from "#db/schema";
import { compiledQuery, compiledQueryPer } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import { emit } from "./events.server";
import { deleteImage } from "~/services/images.server";
import { storage } from "~/services/storage.server";
import type { Actor } from "./actors.server";
import { recordSpaceActivity } from "./activity.server";
import { Refusal, notFound } from "./errors.server";
import { claimImage, holdImage } from "./pending-uploads.server";
import { canEdit, canExportSpace } from "./policy.server";
import { JOINED_WATERMARK, spacesReadBy, unreadCountIn, unreadReaderOf, type UnreadReader } from "./unread.server";
import type { CreateSpaceInput, UpdateSpaceInput } from "~/shared/space.schemas";
import { SPACE_NAME_MIN } from "~/shared/space.schemas";
import {
  findVisibleSpace,
  isUuid,
  SPACE_NOT_FOUND,
  spaceIdsVisibleTo,
  spaceMemberUserIds,
  teamSideOf,
  whoOf,
} from "./space-access.server";
import { ownerName } from "~/shared/owner-name";
import { CARDS_PER_PAGE, takePage, type Page } from "~/shared/paging";
import { deleteArchives, spaceExportArchiveKeys } from "./space-exports.server";

/*
 * What the product does with spaces (SPEC §2.7, §2.8): list what the actor may see,
 * and, for those who may edit spaces (the agency), create, edit and delete them. A
 * space has one client owner (decision 004): an OWNER client of the agency, who takes
 * part in the space from its creation.
 */

const MESSAGES = {
  notAnOwner: "Only a client with the OWNER role can own a space. Please choose another client owner.",
  nameTooShort: "Space name must be at least 2 characters.",
  logoGone: "Please upload the logo again.",
} as const;

/**
 * A page of the spaces the actor may see (SPEC §6), as a grid of cards, by name, with
 * their real team member and client counts and the actor's unread messages in each
 * (unread.server.ts), in one statement: the counts of the page's chats, asked apart, were
 * a round trip more. Both statements are compiled once per type of user (issue 41).
 */
export async function listVisibleSpaces(
  actor: Actor,
  { page = 1 }: { page?: number } = {},
): Promise<Page<SpaceSummary>> {
  const who = unreadReaderOf(actor);
  return takePage(
    page,
    async () => Number((await visibleSpaceCount(actor.type, who))[0].count),
    async (range) =>
      (await visibleSpaceRows(actor.type, { ...who, ...range })).map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        company: row.company,
        logoKey: row.logo,
        teamMemberCount: Number(row.team_member_count ?? 0),
        clientCount: Number(row.client_count ?? 0),
        unread: Number(row.unread ?? 0),
      })),
    CARDS_PER_PAGE,
  );
}

// With the reader's watermarks for the list's unread counts (Postgres leaves the join out of the count).
function visibleSpaces(type: UserType, who: UnreadReader) {
  return spacesReadBy(who.userId).where("spaces.id", "in", spaceIdsVisibleTo(type, who));
}

const visibleSpaceCount = compiledQueryPer((type: UserType, who: UnreadReader) =>
  visibleSpaces(type, who).select((eb) => eb.fn.countAll<string>().as("count")),
);

const visibleSpaceRows = compiledQueryPer((type: UserType, values: UnreadReader & { limit: number; offset: number }) =>
  visibleSpaces(type, values)
    .select((eb) => [
      "spaces.id",
      "spaces.name",
      "spaces.email",
      "spaces.company",
      "spaces.logo",
      eb
        .selectFrom("team_member_spaces")
        .select(eb.fn.countAll().as("count"))
        .whereRef("team_member_spaces.space_id", "=", "spaces.id")
        .as("team_member_count"),
      eb
        .selectFrom("space_clients")
        .select(eb.fn.countAll().as("count"))
        .whereRef("space_clients.space_id", "=", "spaces.id")
        .as("client_count"),
      unreadCountIn(values.userId, sql.ref("spaces.id"), JOINED_WATERMARK).as("unread"),
    ])
    .orderBy("spaces.name")
    .orderBy("spaces.id")
    .limit(values.limit)
    .offset(values.offset),
);

/** SPEC §6: only OWNER clients can be chosen as a space's owner. For those who may create spaces. */
export async function listClientOwners(actor: Actor): Promise<ClientOwnerOption[]> {
  assertCanEditSpaces(actor);
  return clientOwners({ agencyId: actor.agencyId });
}

// Asked by /spaces for each who may create spaces: compiled once.
const clientOwners = compiledQuery((values: { agencyId: string }) =>
  db
    .selectFrom("clients")
    .innerJoin("client_companies", "client_companies.id", "clients.company_id")
    .select(["clients.id", "clients.name", "client_companies.name as company", "clients.email"])
    .where("clients.agency_id", "=", values.agencyId)
    .where("clients.role", "=", "OWNER")
    .orderBy("clients.name")
    .orderBy("clients.id"),
);

/**
 * Stores a logo chosen for a space before its form is saved (the New Space dialog
 * uploads it first); the form then names it by its key. SPEC §5 and §8 on refusal.
 */
export async function holdSpaceLogo(actor: Actor, file: FormDataEntryValue | null) {
  assertCanEditSpaces(actor);
  return holdImage(actor, file, "agency-logos");
}

/**
 * Creates a space for a client owner, who joins it at once. The name defaults to the
 * owner's company (the dialog fills it so), the contact details to the owner's.
 */
export async function createSpace(actor: Actor, input: CreateSpaceInput): Promise<Space> {
  assertCanEditSpaces(actor);
  return db.transaction().execute(async (tx) => {
    const owner = await findClientOwner(tx, actor, input.clientOwnerId);
    if (!owner) throw new Refusal(MESSAGES.notAnOwner, { field: "clientOwnerId" });
    const name = (input.name ?? owner.company).trim();
    if (name.length < SPACE_NAME_MIN) throw new Refusal(MESSAGES.nameTooShort, { field: "name" });
    const logo = await claimLogo(tx, actor, input.logo);
    const space = await tx
      .insertInto("spaces")
      .values({
        agency_id: owner.agency_id,
        name,
        company: owner.company || null,
        email: owner.email,
        contact_number: owner.mobile_number,
        logo,
        client_owner_id: owner.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.insertInto("space_clients").values({ space_id: space.id, client_id: owner.id }).execute();
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.created",
      summary: `${actor.name} created the space ${space.name}`,
    });
    return space;
  });
}

/** A space the actor may see, with its client owner and its agency (the two cards of SPEC §2.8), in one query. */
export async function getSpaceOverview(actor: Actor, spaceId: string): Promise<SpaceOverview> {
  const [row] = isUuid(spaceId) ? await visibleSpaceWithCards(actor.type, { ...whoOf(actor), id: spaceId }) : [];
  if (!row) throw notFound(SPACE_NOT_FOUND);
  const { cards, ...space } = row;
  return overviewOf(actor, space, cards);
}

const visibleSpaceWithCards = compiledQueryPer((type: UserType, values: ReturnType<typeof whoOf> & { id: string }) =>
  db
    .selectFrom("spaces")
    .selectAll("spaces")
    .select(spaceCards)
    .where("spaces.id", "=", values.id)
    .where("spaces.id", "in", spaceIdsVisibleTo(type, values)),
);

/**
 * The space's agency and client owner, the two cards of SPEC §2.8, as one JSON column of
 * a query that reads the space as `spaces`: a page reads its space and its cards at once.
 */
export function spaceCards(eb: ExpressionBuilder<Database, "spaces">) {
  return jsonObjectFrom(
    eb
      .selectFrom("agencies")
      .leftJoin("clients", "clients.id", "spaces.client_owner_id")
      .leftJoin("client_companies", "client_companies.id", "clients.company_id")
      .select([
        "agencies.agency_name",
        "agencies.first_name",
        "agencies.last_name",
        "agencies.logo",
        "agencies.client_owners_may_export",
        "clients.id as owner_id",
        "clients.name as owner_name",
        "client_companies.name as owner_company",
        "clients.email as owner_email",
        "clients.avatar as owner_avatar",
      ])
      .whereRef("agencies.id", "=", "spaces.agency_id"),
  )
    .$notNull()
    .as("cards");
}

/** A space's cards as `spaceCards` reads them. */
export type SpaceCards = Awaited<ReturnType<typeof visibleSpaceWithCards>>[number]["cards"];

/** The overview of a space the actor may see, read with its cards (`spaceCards`). */
export function overviewOf(actor: Actor, space: Space, cards: SpaceCards): SpaceOverview {
  return {
    id: space.id,
    name: space.name,
    company: space.company,
    email: space.email,
    contactNumber: space.contact_number,
    url: space.url,
    logoKey: space.logo,
    clientOwner:
      cards.owner_id && cards.owner_name !== null && cards.owner_company !== null && cards.owner_email !== null
        ? {
            id: cards.owner_id,
            name: cards.owner_name,
            company: cards.owner_company,
            email: cards.owner_email,
            avatarKey: cards.owner_avatar,
          }
        : null,
    agency: {
      name: cards.agency_name,
      // SPEC §3: the owner's display name is first plus last name, otherwise Agency Owner.
      ownerName: ownerName(cards.first_name, cards.last_name),
      logoKey: cards.logo,
    },
    canEdit: canManageSpaces(actor),
    canExport: canExportSpace(actor, space, cards.client_owners_may_export),
  };
}

/** A space the actor may edit (and delete); "Space not found" otherwise. */
export async function findEditableSpace(actor: Actor, spaceId: string): Promise<Space> {
  assertCanEditSpaces(actor);
  return findVisibleSpace(actor, spaceId);
}

/** The space as the edit form shows it, and the client owners to choose from. */
export async function getSpaceForEdit(actor: Actor, spaceId: string) {
  const space = await findEditableSpace(actor, spaceId);
  const owners = await listClientOwners(actor);
  // A current owner whose role changed since stays selectable, so the rest of the form can be saved.
  const current = space.client_owner_id
    ? await db
        .selectFrom("clients")
        .innerJoin("client_companies", "client_companies.id", "clients.company_id")
        .select(["clients.id", "clients.name", "client_companies.name as company", "clients.email"])
        .where("clients.id", "=", space.client_owner_id)
        .executeTakeFirst()
    : undefined;
  if (current && !owners.some((owner) => owner.id === current.id)) owners.unshift(current);
  return { space, owners };
}

/**
 * Saves every field of the space. A new logo replaces the old one, whose file is then
 * removed from storage; a new client owner joins the space.
 */
export async function updateSpace(actor: Actor, spaceId: string, input: UpdateSpaceInput): Promise<Space> {
  assertCanEditSpaces(actor);
  const { space, replacedLogo } = await db.transaction().execute(async (tx) => {
    const before = await findVisibleSpace(actor, spaceId, tx);
    const ownerChanged = input.clientOwnerId !== before.client_owner_id;
    if (ownerChanged && !(await findClientOwner(tx, actor, input.clientOwnerId))) {
      throw new Refusal(MESSAGES.notAnOwner, { field: "clientOwnerId" });
    }
    const logo = input.logo ? await claimLogo(tx, actor, input.logo) : before.logo;
    const space = await tx
      .updateTable("spaces")
      .set({
        name: input.name,
        client_owner_id: input.clientOwnerId,
        company: input.company ?? null,
        email: input.email ?? null,
        contact_number: input.contactNumber ?? null,
        url: input.url ?? null,
        logo,
        updated_at: new Date(),
      })
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (ownerChanged) {
      await tx
        .insertInto("space_clients")
        .values({ space_id: space.id, client_id: input.clientOwnerId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await recordSpaceActivity(tx, actor.id, space, {
      action: "space.updated",
      summary: `${actor.name} updated the space ${space.name}`,
    });
    return { space, replacedLogo: logo !== before.logo ? before.logo : null };
  });
  await deleteImage(replacedLogo);
  return space;
}

/**
 * Deletes a space with everything in it: its messages and exports go with the row
 * (foreign keys), its logo, chat attachments and export archives are then removed from
 * storage, and whoever had it open loses access at once.
 */
export async function deleteSpace(actor: Actor, spaceId: string): Promise<Space> {
  assertCanEditSpaces(actor);
  const { space, teamSideId, userIds, teamUserIds, attachmentKeys, exportKeys } = await db
    .transaction()
    .execute(async (tx) => {
      const space = await findVisibleSpace(actor, spaceId, tx);
      const userIds = await spaceMemberUserIds(space.id, tx);
      const teamSideId = await teamSideOf(space.id, tx);
      const teamUserIds = await spaceMemberUserIds(teamSideId, tx);
      const exportKeys = await spaceExportArchiveKeys(space.id, tx);
      const files = await tx
        .selectFrom("space_messages")
        .select(["attachment_key", sql<string | null>`link_preview #>> '{image,key}'`.as("preview_image_key")])
        .where("space_id", "in", [space.id, teamSideId])
        .where((eb) => eb.or([eb("attachment_key", "is not", null), eb(sql`link_preview -> 'image'`, "is not", null)]))
        .execute();
      await tx.deleteFrom("spaces").where("id", "=", space.id).execute();
      await recordSpaceActivity(tx, actor.id, space, {
        action: "space.deleted",
        summary: `${actor.name} deleted the space ${space.name}`,
      });
      const attachmentKeys = files.flatMap((row) =>
        [row.attachment_key, row.preview_image_key].filter((key) => key !== null),
      );
      return { space, teamSideId, userIds, teamUserIds, attachmentKeys, exportKeys };
    });
  // After commit: a file whose removal fails is only logged, the space is gone either way.
  await Promise.all([
    deleteImage(space.logo),
    ...attachmentKeys.map((key) =>
      storage()
        .delete(key)
        .catch((error) => console.error(`Could not delete the attachment ${key}`, error)),
    ),
    deleteArchives(exportKeys),
  ]);
  emit("space.access-removed", { spaceId: space.id, userIds });
  emit("space.access-removed", { spaceId: teamSideId, userIds: teamUserIds });
  return space;
}

/** SPEC §6 canEdit for spaces, within an agency (an administrator without one has no spaces to manage). */
export function canManageSpaces(actor: Actor): actor is Actor & { agencyId: string } {
  return canEdit(actor, "space") && actor.agencyId !== null;
}

function assertCanEditSpaces(actor: Actor): asserts actor is Actor & { agencyId: string } {
  if (!canManageSpaces(actor)) throw notFound("Space not found");
}

async function findClientOwner(tx: Transaction<Database>, actor: Actor, clientId: string) {
  if (!isUuid(clientId) || !actor.agencyId) return undefined;
  return tx
    .selectFrom("clients")
    .innerJoin("client_companies", "client_companies.id", "clients.company_id")
    .select([
      "clients.id",
      "clients.agency_id",
      "clients.name",
      "client_companies.name as company",
      "clients.email",
      "clients.mobile_number",
    ])
    .where("clients.id", "=", clientId)
    .where("clients.agency_id", "=", actor.agencyId)
    .where("clients.role", "=", "OWNER")
    .executeTakeFirst();
}

async function claimLogo(tx: Transaction<Database>, actor: Actor, key: string | undefined) {
  if (!key) return null;
  if (!(await claimImage(tx, actor, key, "agency-logos"))) throw new Refusal(MESSAGES.logoGone, { field: "logo" });
  return key;
}
