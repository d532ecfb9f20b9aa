import { teamSideOf } from "~/models/space-access.server";
import { db } from "~/services/db.server";
import { createAgency, createClient, createSpace, createTeamMember } from "./factories";

/*
 * The small worlds the chat's socket tests start from: who takes part in a space, and
 * who must hear nothing of it.
 */

/** An agency's owner and a client, Alice, in its space Launch. */
export async function clientSpace() {
  const { owner, agencyId } = await createAgency();
  const { user: alice, client } = await createClient(agencyId, { name: "Alice Client" });
  const launch = await createSpace(agencyId, { name: "Launch", clientIds: [client.id] });
  return { owner, agencyId, alice, launch };
}

/**
 * An agency with two spaces, Launch and Rebrand, each with a client of its own (Launch's
 * named as given, Rebrand's Bob Client), and the owner of another agency.
 */
export async function twoSpaces(launchClientName: string) {
  const { owner, agencyId } = await createAgency();
  const inLaunch = await createClient(agencyId, { name: launchClientName });
  const { user: bob, client: bobClient } = await createClient(agencyId, { name: "Bob Client" });
  const launch = await createSpace(agencyId, { name: "Launch", clientIds: [inLaunch.client.id] });
  const rebrand = await createSpace(agencyId, { name: "Rebrand", clientIds: [bobClient.id] });
  const stranger = (await createAgency({ agencyName: "Elsewhere" })).owner;
  return { owner, agencyId, inLaunch, bob, launch, rebrand, stranger };
}

/*
 * Each side of a space is a chat of its own, with its own numbers (issue 38): the agency's
 * owner talks with the client in the client chat, and with a team member on the team side.
 * The reliability tests run on both.
 */
export const CHAT_SIDES = [
  {
    name: "the client chat",
    async world() {
      const { owner, alice, launch } = await clientSpace();
      return { owner, other: alice, chatId: launch.id };
    },
  },
  {
    name: "the team-only side",
    async world() {
      const { owner, agencyId, launch } = await clientSpace();
      const { user, member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
      await db.insertInto("team_member_spaces").values({ space_id: launch.id, team_member_id: member.id }).execute();
      return { owner, other: user, chatId: await teamSideOf(launch.id) };
    },
  },
];
