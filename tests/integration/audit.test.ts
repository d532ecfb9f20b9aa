import { describe, expect, test } from "vitest";
import { recordActivity } from "~/models/activity.server";
import { listAudit, readAuditFilters } from "~/models/audit.server";
import type { AuditFilters } from "~/shared/audit";
import { removePerson } from "~/models/people.server";
import { assignTeamMember } from "~/models/space-assignments.server";
import * as auditPage from "~/routes/_agency.settings.audit";
import * as login from "~/routes/login";
import { db } from "~/services/db.server";
import { PASSWORD, actorOf, createAgency, createClient, createSpace, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, cookiesFrom, getRequest, postRequest } from "#tests/support/requests";

/* Issue 17: the agency owner's audit log: who may read it, what it records, and its filters and pages. */

const ALL: AuditFilters = { person: null, space: null, kind: null, page: 1 };

/** An agency whose owner assigned a designer to a space, then removed a client. */
async function agencyWithHistory() {
  const { owner, agencyId } = await createAgency({ agencyName: "Hopper Studio", firstName: "Grace" });
  const { user: designer, member } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
  const { user: client, client: clientRecord } = await createClient(agencyId, { role: "OWNER", name: "Olivia Chen" });
  const space = await createSpace(agencyId, { name: "Northwind Launch", clientIds: [clientRecord.id] });
  const ownerActor = await actorOf(owner);
  await assignTeamMember(ownerActor, space.id, member.id);
  await removePerson(ownerActor, "client", clientRecord.id);
  return { owner, ownerActor, agencyId, designer, client, space };
}

/** Signs in through the login form with the cookies a browser holds; returns the cookies it holds after. */
async function signInWith(email: string, cookies = "") {
  const response = await call(login.action, postRequest("/login", { email, password: PASSWORD }, cookies || null));
  expect(response.status).toBe(302);
  return cookiesFrom(response, cookies);
}

describe("who reads the audit log", () => {
  test("the agency owner reads their agency's lines, newest first, with who acted and the space", async () => {
    const { ownerActor, space } = await agencyWithHistory();
    const { entries } = await listAudit(ownerActor, ALL);
    expect(entries.items.map((entry) => entry.summary)).toEqual([
      "Olivia Chen was removed from the clients",
      expect.stringMatching(/Dana Designer .*Northwind Launch/),
    ]);
    expect(entries.items[0]).toMatchObject({ kind: "Removals", actor: { name: "Grace Owner" }, space: null });
    expect(entries.items[1]).toMatchObject({
      kind: "Space members",
      space: { id: space.id, name: "Northwind Launch" },
    });
  });

  test("another agency's owner sees none of it, and cannot filter their way to it", async () => {
    const { space, owner } = await agencyWithHistory();
    const other = await createAgency({ agencyName: "Initech" });
    const otherActor = await actorOf(other.owner);
    expect((await listAudit(otherActor, ALL)).entries.total).toBe(0);
    const probing = await listAudit(otherActor, { ...ALL, space: space.id, person: owner.id });
    expect(probing.entries.total).toBe(0);
    expect(probing.spaces).toEqual([]);
    expect(probing.people).toEqual([]);
  });

  test("a team member and a client find nothing at /settings/audit; the owner gets the page", async () => {
    const { owner, designer, agencyId } = await agencyWithHistory();
    const { user: stillClient } = await createClient(agencyId, { name: "Carl Client" });
    for (const user of [designer, stillClient]) {
      const response = await call(auditPage.loader, getRequest("/settings/audit", await cookieFor(user)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).not.toContain("/settings/audit");
    }
    const page = await call(auditPage.loader, getRequest("/settings/audit", await cookieFor(owner)));
    expect(page.status).toBe(200);
    expect((await page.json()).entries.total).toBe(2);
  });
});

describe("what it records", () => {
  test("a sign-in from a second browser is a new device; the same browser again, or the first ever, is not", async () => {
    const { owner } = await createAgency({ firstName: "Grace" });
    const newDeviceLines = async () =>
      (await listAudit(await actorOf(owner), { ...ALL, kind: "sign-ins" })).entries.items.map((entry) => entry.summary);

    const laptop = await signInWith(owner.email);
    expect(laptop).toContain("__device=");
    expect(await newDeviceLines()).toEqual([]);
    await signInWith(owner.email, laptop.replace(/__session=[^;]*;? ?/, ""));
    expect(await newDeviceLines()).toEqual([]);

    await signInWith(owner.email);
    expect(await newDeviceLines()).toEqual(["Grace Owner signed in from a new device (Unknown device)"]);
  });
});

describe("filters and pages", () => {
  test("by kind, by person and by space, each narrowing to its own lines", async () => {
    const { ownerActor, owner, designer, space } = await agencyWithHistory();
    await recordActivity(db, {
      agencyId: ownerActor.agencyId!,
      actorId: designer.id,
      action: "security.two_factor_enabled",
      summary: "Dana Designer turned on two-factor sign-in",
    });
    const summaries = async (filters: Partial<AuditFilters>) =>
      (await listAudit(ownerActor, { ...ALL, ...filters })).entries.items.map((entry) => entry.summary);

    expect(await summaries({ kind: "security" })).toEqual(["Dana Designer turned on two-factor sign-in"]);
    expect(await summaries({ person: designer.id })).toEqual(["Dana Designer turned on two-factor sign-in"]);
    expect(await summaries({ person: owner.id })).toHaveLength(2);
    expect(await summaries({ space: space.id })).toEqual([expect.stringMatching(/Northwind Launch/)]);
    expect(await summaries({ space: space.id, kind: "removals" })).toEqual([]);
  });

  test("an address's filters as anyone may type them: what is not one is none", () => {
    const read = (query: string) => readAuditFilters(new URLSearchParams(query));
    expect(read("")).toEqual(ALL);
    expect(read("kind=sign-ins&page=2")).toMatchObject({ kind: "sign-ins", page: 2 });
    expect(read("kind=drop%20table&person=1%20or%201=1&space=x&page=-3")).toEqual(ALL);
  });

  test("a long log pages by 50; a page past the end is the last", async () => {
    const { owner, agencyId } = await createAgency();
    await db
      .insertInto("activity")
      .values(
        Array.from({ length: 120 }, (_, index) => ({
          agency_id: agencyId,
          actor_id: owner.id,
          action: "space.updated",
          summary: `Change ${index + 1}`,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, index)),
        })),
      )
      .execute();
    const actor = await actorOf(owner);
    const second = await listAudit(actor, { ...ALL, page: 2 });
    expect(second.entries).toMatchObject({ page: 2, pageCount: 3, total: 120 });
    expect(second.entries.items[0].summary).toBe("Change 70");
    const beyond = await listAudit(actor, { ...ALL, page: 9 });
    expect(beyond.entries.page).toBe(3);
    expect(beyond.entries.items).toHaveLength(20);
    expect(beyond.filters.page).toBe(3);
  });
});
