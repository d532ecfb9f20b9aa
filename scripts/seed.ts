/*
 * npm run db:seed — a demo agency to click through: its owner, team members, clients
 * of two companies, spaces with their people assigned and a few messages. Every
 * demo login shares one password. Running it again changes nothing.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { runCommand } from "./command";

const PASSWORD = "demo-password";
const OWNER_EMAIL = "owner@demo.agency";

type Person = { email: string; name: string };
const team: Array<Person & { role: "ACCOUNT_MANAGER" | "DESIGNER" }> = [
  { email: "maya@demo.agency", name: "Maya Patel", role: "ACCOUNT_MANAGER" },
  { email: "leo@demo.agency", name: "Leo Park", role: "DESIGNER" },
];
const clients: Array<Person & { company: string; role: "OWNER" | "EMPLOYEE" }> = [
  { email: "olivia@northwind.example", name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" },
  { email: "sam@northwind.example", name: "Sam Rivera", company: "Northwind Traders", role: "EMPLOYEE" },
  { email: "nora@globex.example", name: "Nora Blake", company: "Globex", role: "OWNER" },
];

await runCommand(async () => {
  const { db, migrate } = await import("~/services/db.server");
  await migrate();
  const existing = await db.selectFrom("users").select("id").where("email", "=", OWNER_EMAIL).executeTakeFirst();
  if (existing) {
    console.log("The demo agency is already there.");
  } else {
    await seed(db);
    console.log("Demo agency created.");
  }
  printLogins();
  await db.destroy();
});

async function seed(db: Kysely<Database>) {
  const { hashPassword } = await import("~/models/passwords.server");
  const { companyNamed } = await import("~/models/client-companies.server");
  const passwordHash = await hashPassword(PASSWORD);
  const verified = new Date();
  await db.transaction().execute(async (tx) => {
    const owner = await tx
      .insertInto("users")
      .values({ email: OWNER_EMAIL, password_hash: passwordHash, email_verified_at: verified })
      .returning("id")
      .executeTakeFirstOrThrow();
    const agencyId = owner.id;
    await tx
      .insertInto("agencies")
      .values({
        id: agencyId,
        agency_name: "Demo Digital",
        first_name: "Alex",
        last_name: "Morgan",
        mobile_number: "(555) 010-2000",
        url: "https://demo.agency",
      })
      .execute();
    await tx.updateTable("users").set({ agency_id: agencyId }).where("id", "=", agencyId).execute();

    const newUser = (email: string, type: "TEAM_MEMBER" | "CLIENT") =>
      tx
        .insertInto("users")
        .values({
          email,
          password_hash: passwordHash,
          user_type: type,
          agency_id: agencyId,
          email_verified_at: verified,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

    const teamIds: string[] = [];
    for (const person of team) {
      const user = await newUser(person.email, "TEAM_MEMBER");
      const member = await tx
        .insertInto("team_members")
        .values({ agency_id: agencyId, user_id: user.id, name: person.name, email: person.email, role: person.role })
        .returning("id")
        .executeTakeFirstOrThrow();
      teamIds.push(member.id);
    }
    const clientRows: Array<{ id: string; userId: string; email: string; company: string }> = [];
    for (const person of clients) {
      const user = await newUser(person.email, "CLIENT");
      const client = await tx
        .insertInto("clients")
        .values({
          agency_id: agencyId,
          user_id: user.id,
          name: person.name,
          email: person.email,
          company_id: await companyNamed(tx, agencyId, person.company),
          role: person.role,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      clientRows.push({ id: client.id, userId: user.id, email: person.email, company: person.company });
    }

    const spaces = [
      { name: "Northwind Website Redesign", company: "Northwind Traders", team: [0, 1] },
      { name: "Globex SEO Retainer", company: "Globex", team: [0] },
    ];
    for (const spec of spaces) {
      const members = clientRows.filter((client) => client.company === spec.company);
      const space = await tx
        .insertInto("spaces")
        .values({
          agency_id: agencyId,
          name: spec.name,
          company: spec.company,
          email: members[0].email,
          client_owner_id: members[0].id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("space_clients")
        .values(members.map((client) => ({ space_id: space.id, client_id: client.id })))
        .execute();
      await tx
        .insertInto("team_member_spaces")
        .values(spec.team.map((index) => ({ space_id: space.id, team_member_id: teamIds[index] })))
        .execute();

      const conversation = [
        { sender: agencyId, content: `Welcome to the ${spec.name} space! Everything about the project lives here.` },
        { sender: members[0].userId, content: "Thanks! Happy to have one place for all of this." },
      ];
      let seq = 0;
      for (const [index, line] of conversation.entries()) {
        const message = await tx
          .insertInto("space_messages")
          .values({
            space_id: space.id,
            sender_id: line.sender,
            client_id: crypto.randomUUID(),
            content: line.content,
            created_at: new Date(Date.now() - (conversation.length - index) * 60_000),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        seq += 1;
        await tx
          .insertInto("space_changes")
          .values({ space_id: space.id, seq, kind: "message.created", message_id: message.id, user_id: line.sender })
          .execute();
      }
      await tx.updateTable("spaces").set({ last_seq: seq }).where("id", "=", space.id).execute();
      await tx
        .insertInto("activity")
        .values({
          agency_id: agencyId,
          actor_id: agencyId,
          action: "space.created",
          summary: `Alex Morgan created the space ${spec.name}`,
          subject_type: "space",
          subject_id: space.id,
        })
        .execute();
    }
  });
}

function printLogins() {
  console.log(`\nDemo logins (password for all: ${PASSWORD})`);
  console.log(`  Agency owner      ${OWNER_EMAIL}`);
  for (const person of team) console.log(`  Team member       ${person.email} (${person.role})`);
  for (const person of clients) console.log(`  Client            ${person.email} (${person.company}, ${person.role})`);
}
