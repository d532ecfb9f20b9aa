import express from "express";
import sharp from "sharp";
import { sql } from "kysely";
import type { ClientRole, TeamRole } from "#db/schema";
import { createSession } from "~/models/sessions.server";
import { db } from "~/services/db.server";
import { sessionCookieHeader } from "~/web/auth.server";
import { enqueue, queueSizes } from "~/services/jobs.server";
import { QUEUES } from "~/process/jobs.server";
import {
  createAgency,
  createClient,
  createClients,
  createSpace,
  createSpaceMessage,
  createTeamMember,
  createUser,
} from "#tests/support/factories";
import { acceptMessagesAgain, refuseMessagesAsUnavailable, refusedSends } from "#tests/support/outages";

/*
 * Shortcuts for the e2e suite, mounted by server.ts at /e2e only when E2E_HOOKS=1
 * (playwright.config.ts sets it; the production image does not even contain tests/).
 * They share the server's database handle, which @epic-web/remember keeps on
 * globalThis. Tests of sign-in itself go through the real pages instead (STYLE.md).
 */

export type WorldSpec = {
  agencyName?: string;
  ownerFirstName?: string;
  teamMembers?: Array<{ name: string; role?: TeamRole }>;
  clients?: Array<{ name: string; company?: string; role?: ClientRole }>;
  /** Team members and clients by their index in the lists above; `owner` is the client who owns the space. */
  spaces?: Array<{ name: string; teamMembers?: number[]; clients?: number[]; owner?: number }>;
  /** As many more clients of Globex, "Client 001" on: records without accounts, made in one insert, for long lists. */
  moreClients?: number;
};

export type World = {
  owner: { email: string; id: string };
  teamMembers: Array<{ email: string; id: string; userId: string; name: string }>;
  clients: Array<{ email: string; id: string; userId: string; name: string; company: string }>;
  spaces: Array<{ id: string; name: string }>;
};

const FAILABLE_TABLES = ["agencies", "team_members", "clients"];

export function e2eHooks() {
  const router = express.Router();
  router.use(express.json());

  /** Signs the caller's browser in as the user with this email, as a real sign-in would. */
  router.post("/session", async (req, res) => {
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", String(req.body.email).toLowerCase())
      .executeTakeFirst();
    if (!user) return void res.status(404).json({ error: "no such user" });
    const sessionId = await createSession(user.id, req.get("User-Agent") ?? null);
    res.setHeader("Set-Cookie", await sessionCookieHeader(sessionId));
    res.json({ ok: true });
  });

  /** A fresh agency with its people and spaces, every account verified, all with the factories' password. */
  router.post("/world", async (req, res) => {
    const spec = req.body as WorldSpec;
    const { owner, agencyId } = await createAgency({
      agencyName: spec.agencyName ?? "Hopper & Co",
      firstName: spec.ownerFirstName ?? "Grace",
    });
    const teamMembers: World["teamMembers"] = [];
    for (const person of spec.teamMembers ?? []) {
      const { user, member } = await createTeamMember(agencyId, person.role ?? "DESIGNER", { name: person.name });
      teamMembers.push({ email: user.email, id: member.id, userId: user.id, name: member.name });
    }
    const clients: World["clients"] = [];
    for (const person of spec.clients ?? []) {
      const company = person.company ?? "Globex";
      const { user, client } = await createClient(agencyId, {
        name: person.name,
        company,
        role: person.role ?? "EMPLOYEE",
      });
      clients.push({ email: user.email, id: client.id, userId: user.id, name: client.name, company });
    }
    if (spec.moreClients) await createClients(agencyId, spec.moreClients);
    const spaces: World["spaces"] = [];
    for (const space of spec.spaces ?? []) {
      const created = await createSpace(agencyId, {
        name: space.name,
        teamMemberIds: (space.teamMembers ?? []).map((index) => teamMembers[index].id),
        clientIds: (space.clients ?? []).map((index) => clients[index].id),
      });
      if (space.owner !== undefined) {
        await db
          .updateTable("spaces")
          .set({ client_owner_id: clients[space.owner].id })
          .where("id", "=", created.id)
          .execute();
      }
      spaces.push({ id: created.id, name: created.name });
    }
    const world: World = { owner: { email: owner.email, id: owner.id }, teamMembers, clients, spaces };
    res.json(world);
  });

  /** Chat messages sent `minutesAgo` by the user with this email, as the chat stores them; answers their ids, oldest first. */
  router.post("/messages", async (req, res) => {
    const {
      spaceId,
      senderEmail,
      minutesAgo = 10,
      count = 1,
    } = req.body as {
      spaceId: string;
      senderEmail: string;
      minutesAgo?: number;
      count?: number;
    };
    const sender = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", senderEmail.toLowerCase())
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      // A millisecond apart: two in the same one would tie on time, and the chat and the
      // export then order them by their random ids.
      const message = await createSpaceMessage(spaceId, sender.id, {
        content: `Message ${index + 1}`,
        minutesAgo: minutesAgo - index / 60_000,
      });
      ids.push(message.id);
    }
    res.json({ ok: true, ids });
  });

  /** Runs the unread-notice sweep through the job queue now, and answers once its jobs are done. */
  router.post("/unread-notices", async (_req, res) => {
    await enqueue(QUEUES.unreadSweep);
    const deadline = Date.now() + 20_000;
    const busy = async () => {
      const sizes = (await queueSizes()) ?? [];
      return sizes.some((queue) => queue.name.startsWith("unread-notices") && queue.waiting + queue.running > 0);
    };
    while ((await busy()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    res.json({ ok: !(await busy()) });
  });

  /** Makes every invitation to this email look a week old: expired (SPEC §4). */
  router.post("/expire-invitations", async (req, res) => {
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("email", "=", String(req.body.email).toLowerCase())
      .execute();
    res.json({ ok: true });
  });

  /**
   * A real failure of the database for one row: from now on, updating it raises (a
   * trigger scoped to its id, so the other tests on this server go on as usual).
   */
  router.post("/failing-updates", async (req, res) => {
    const table = String(req.body.table);
    const id = String(req.body.id);
    if (!FAILABLE_TABLES.includes(table) || !/^[0-9a-f-]{36}$/.test(id)) return void res.status(400).json({});
    const name = `e2e_fail_${id.replaceAll("-", "_")}`;
    await sql`create or replace function e2e_fail() returns trigger language plpgsql as $$ begin raise exception 'e2e: a failing update'; end $$`.execute(
      db,
    );
    await sql`create trigger ${sql.id(name)} before update on ${sql.table(table)} for each row when (old.id = ${sql.lit(id)}::uuid) execute function e2e_fail()`.execute(
      db,
    );
    res.json({ ok: true });
  });

  /**
   * The database refusing the space's messages as unavailable (an outage the server
   * outlives: the trigger stays across a restart) until DELETE; GET counts the refusals.
   */
  router
    .route("/message-outage/:spaceId")
    .all((req, res, next) => (/^[0-9a-f-]{36}$/.test(req.params.spaceId) ? next() : void res.status(400).json({})))
    .post(async (req, res) => {
      await refuseMessagesAsUnavailable(req.params.spaceId);
      res.json({ refused: await refusedSends() });
    })
    .get(async (_req, res) => void res.json({ refused: await refusedSends() }))
    .delete(async (req, res) => {
      await acceptMessagesAgain(req.params.spaceId);
      res.json({ ok: true });
    });

  /** A verified administrator, with the factories' password. */
  router.post("/admin", async (_req, res) => {
    const admin = await createUser({ type: "ADMIN" });
    res.json({ email: admin.email });
  });

  /**
   * A web page for link previews to read: the app reads it from itself, let through by
   * LINK_PREVIEW_ALLOWED_HOSTS (playwright.config.ts), as a local site in development.
   */
  router.get("/site/launch", (_req, res) => {
    res.type("html").send(`<!doctype html><html><head><title>Launch</title>
      <meta property="og:title" content="Spring launch plan">
      <meta property="og:description" content="Dates, channels and owners for the spring campaign.">
      <meta property="og:site_name" content="Northwind Blog">
      <meta property="og:image" content="/e2e/site/cover.png"></head><body></body></html>`);
  });
  router.get("/site/cover.png", async (_req, res) => {
    const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    res.type("png").send(cover);
  });

  return router;
}
