import crypto from "node:crypto";
import type { ClientRole, TeamRole } from "#db/schema";
import { findUserByEmail, registerAgency } from "~/models/accounts.server";
import { loadActor, type Actor } from "~/models/actors.server";
import { verifyEmailWithToken } from "~/models/email-verification.server";
import { createInvitation } from "~/models/inviting.server";
import { sendMessage } from "~/models/message-sending.server";
import { toggleReaction } from "~/models/message-reactions.server";
import { registerInvitee } from "~/models/registration.server";
import { addClientToSpace, assignTeamMember } from "~/models/space-assignments.server";
import { teamSideOf } from "~/models/space-access.server";
import { sendUnreadNotice } from "~/models/unread-notices.server";
import { createSpace } from "~/models/spaces.server";
import { askForSignOff } from "~/models/sign-offs.server";
import { issueToken } from "~/models/tokens.server";
import { backgroundMailSettled } from "~/services/mail.server";
import { RegisterSchema } from "~/shared/auth.schemas";
import { ClientRegisterSchema, InviteSchema, TeamRegisterSchema, type InviteInput } from "~/shared/invitation.schemas";
import { addDays } from "~/shared/time-format";
import { CreateSpaceSchema } from "~/shared/space.schemas";

/*
 * The demo agency of `npm run db:seed`, made the way people make their own: the owner
 * signs up, invites the team and the clients, who register from their links; each
 * verifies their email; the owner creates the spaces and assigns people; the chat's
 * first messages are sent, reacted to and read. Every step is a model function called
 * with what its form would post (parsed by the form's schema), so the demo keeps to the
 * rules real data keeps to: the change log's numbers, the activity, the companies.
 * Each step commits on its own: a run that fails half-way leaves part of a demo behind,
 * and the next run says it is already there (start again from an empty database).
 */

export const DEMO_PASSWORD = "demo-password";

const OWNER = {
  firstName: "Alex",
  lastName: "Morgan",
  agencyName: "Demo Digital",
  email: "owner@demo.agency",
  mobileNumber: "(555) 010-2000",
  agencyUrl: "https://demo.agency",
};

type Person = { email: string; name: string };
const TEAM: Array<Person & { role: TeamRole }> = [
  { email: "maya@demo.agency", name: "Maya Patel", role: "ACCOUNT_MANAGER" },
  { email: "leo@demo.agency", name: "Leo Park", role: "DESIGNER" },
];
const CLIENTS: Array<Person & { company: string; role: ClientRole }> = [
  { email: "olivia@northwind.example", name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" },
  { email: "sam@northwind.example", name: "Sam Rivera", company: "Northwind Traders", role: "EMPLOYEE" },
  { email: "nora@globex.example", name: "Nora Blake", company: "Globex", role: "OWNER" },
];
/** Each space's client owner is its company's OWNER client; its other clients are the company's others. */
const SPACES = [
  { name: "Northwind Website Redesign", company: "Northwind Traders", team: ["maya@demo.agency", "leo@demo.agency"] },
  { name: "Globex SEO Retainer", company: "Globex", team: ["maya@demo.agency"] },
];

/** What the first team member of each space says on its Team only side. */
const LAUNCH_PLAN = (space: string) =>
  `${space}: launch plan\n\n1. Final designs signed off\n2. Ads booked\n3. Launch day announcement\n`;

export const TEAM_NOTE = "Before we answer the client: let's agree on the launch date here first.";

/** The logins the command prints (the README's table lists the same). */
export function demoLogins(): string[] {
  return [
    `Demo logins (password for all: ${DEMO_PASSWORD})`,
    `  Agency owner      ${OWNER.email}`,
    ...TEAM.map((person) => `  Team member       ${person.email} (${person.role})`),
    ...CLIENTS.map((person) => `  Client            ${person.email} (${person.company}, ${person.role})`),
  ];
}

// The rate limits count sign-ups by the address they come from; the seed's come from no address.
const clientIp = "db:seed";

/** Makes the demo agency, with links and mails for `origin`; false when it is already there. */
export async function seedDemoAgency(origin: string): Promise<boolean> {
  if (await findUserByEmail(OWNER.email)) return false;
  const signedUp = await registerAgency(
    RegisterSchema.parse({ ...OWNER, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, terms: true }),
    { origin, clientIp },
  );
  const owner = await verifyEmail(signedUp.id);

  const people = new Map<string, Actor>();
  for (const person of TEAM) {
    const invite = InviteSchema.parse({ kind: "team", role: person.role, email: person.email, name: person.name });
    people.set(person.email, await join(owner, invite, person, origin));
  }
  for (const person of CLIENTS) {
    const invite = InviteSchema.parse({
      kind: "client",
      clientRole: person.role,
      company: person.company,
      email: person.email,
      name: person.name,
    });
    people.set(person.email, await join(owner, invite, person, origin));
  }
  const actor = (email: string) => people.get(email)!;

  for (const spec of SPACES) {
    const clients = CLIENTS.filter((client) => client.company === spec.company).map((client) => actor(client.email));
    const clientOwner = clients.find((client) => client.client!.role === "OWNER")!;
    const space = await createSpace(
      owner,
      CreateSpaceSchema.parse({ clientOwnerId: clientOwner.client!.id, name: spec.name }),
    );
    for (const email of spec.team) await assignTeamMember(owner, space.id, actor(email).teamMember!.id);
    for (const client of clients) {
      if (client !== clientOwner) await addClientToSpace(owner, space.id, client.client!.id);
    }

    // Sent now, as the chat sends: a message takes its time from the statement that stores it, and
    // the change log carries the message as stored. Backdating the rows afterwards would leave the
    // log's copies with the real time, so the demo's conversation is from the moment it was seeded.
    const welcome = `Welcome to the ${spec.name} space! Everything about the project lives here.`;
    await sendMessage(owner, space.id, { clientId: crypto.randomUUID(), content: welcome });
    const reply = await sendMessage(clientOwner, space.id, {
      clientId: crypto.randomUUID(),
      content: "Thanks! Happy to have one place for all of this.",
    });
    await toggleReaction(owner, reply.message.id, "heart");
    // A deliverable waiting for the client's sign-off (issue 39), due in a week.
    const plan = await sendMessage(owner, space.id, {
      clientId: crypto.randomUUID(),
      content: "The launch plan, for your sign-off.",
      file: new File([LAUNCH_PLAN(spec.name)], "launch-plan.txt", { type: "text/plain" }),
    });
    const today = new Date().toISOString().slice(0, 10);
    await askForSignOff(owner, plan.message.id, {
      askedIds: [clientOwner.id],
      dueOn: addDays(today, 7),
      note: "Please check the dates before we book the ads.",
      today,
    });
    // The team's own side of the space (issue 38), which the clients never see.
    await sendMessage(actor(spec.team[0]), await teamSideOf(space.id), {
      clientId: crypto.randomUUID(),
      content: TEAM_NOTE,
    });
    // The clients who have not read it get the unread notice now, rather than in five minutes:
    // a notice in the outbox to answer by mail at once (npm run mail:receive, issue 37).
    for (const client of clients) {
      if (client !== clientOwner) await sendUnreadNotice({ userId: client.id, spaceId: space.id }, origin);
    }
  }
  // The sign-ups' verification mails, sent in the background, are written before the command ends.
  await backgroundMailSettled();
  return true;
}

/** An invited person registers from their link, as /team-register or /client-register posts. */
async function join(owner: Actor, invite: InviteInput, person: Person, origin: string): Promise<Actor> {
  const { link } = await createInvitation(owner, invite, { origin });
  const registration = {
    invite: new URL(link).searchParams.get("invitation_id"),
    name: person.name,
    email: person.email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    agreeToTerms: true,
  };
  const registered =
    invite.kind === "team"
      ? await registerInvitee("team", TeamRegisterSchema.parse(registration), { origin, clientIp })
      : await registerInvitee("client", ClientRegisterSchema.parse(registration), { origin, clientIp });
  return verifyEmail(registered.id);
}

/** What following the verification link does; the link itself was mailed to the outbox. */
async function verifyEmail(userId: string): Promise<Actor> {
  const verified = await verifyEmailWithToken(await issueToken(userId, "email"));
  const actor = verified && (await loadActor(verified.id));
  if (!actor) throw new Error(`The demo account ${userId} could not be verified.`);
  return actor;
}
