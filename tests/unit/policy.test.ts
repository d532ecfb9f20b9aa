import { describe, expect, test } from "vitest";
import type { Actor } from "~/models/actors.server";
import { canEnterArea, canExportSpace, canInvite, homePath } from "~/models/policy.server";

function actor(overrides: Partial<Actor>): Actor {
  return {
    id: "u",
    email: "u@example.test",
    type: "AGENCY",
    agencyId: "a",
    emailVerified: true,
    mustChangePassword: false,
    isAdmin: false,
    name: "U",
    firstName: "U",
    companyName: "A",
    avatarKey: null,
    timeZone: null,
    showPresence: true,
    theme: "system",
    teamMember: null,
    client: null,
    ...overrides,
  };
}

describe("SPEC §6 policy", () => {
  test("after sign-in each type goes to its own dashboard", () => {
    expect(homePath("CLIENT")).toBe("/client/dashboard");
    expect(homePath("TEAM_MEMBER")).toBe("/teams/dashboard");
    expect(homePath("AGENCY")).toBe("/dashboard");
    expect(homePath("ADMIN")).toBe("/dashboard");
  });

  test("only administrators enter the admin area", () => {
    expect(canEnterArea(actor({ type: "ADMIN", isAdmin: true }), "admin")).toBe(true);
    expect(canEnterArea(actor({ type: "AGENCY" }), "admin")).toBe(false);
  });

  test("agencies and admins invite any role", () => {
    for (const who of [actor({ type: "AGENCY" }), actor({ type: "ADMIN", isAdmin: true })]) {
      expect(canInvite(who, "ACCOUNT_MANAGER")).toBe(true);
      expect(canInvite(who, "CLIENT")).toBe(true);
    }
  });

  test("an account manager invites clients only; other team roles invite nobody", () => {
    const manager = actor({ type: "TEAM_MEMBER", teamMember: { id: "t", role: "ACCOUNT_MANAGER" } });
    const designer = actor({ type: "TEAM_MEMBER", teamMember: { id: "t", role: "DESIGNER" } });
    expect(canInvite(manager, "CLIENT")).toBe(true);
    expect(canInvite(manager, "DESIGNER")).toBe(false);
    expect(canInvite(designer, "CLIENT")).toBe(false);
  });

  test("a client owner invites clients only; leads and employees invite nobody", () => {
    const owner = actor({ type: "CLIENT", client: { id: "c", role: "OWNER", companyId: "g", company: "Globex" } });
    const lead = actor({ type: "CLIENT", client: { id: "c", role: "LEAD", companyId: "g", company: "Globex" } });
    expect(canInvite(owner, "CLIENT")).toBe(true);
    expect(canInvite(owner, "ACCOUNT_MANAGER")).toBe(false);
    expect(canInvite(lead, "CLIENT")).toBe(false);
  });

  test("a space is exported by its agency's owner, or by its own client owner only when the agency allows it", () => {
    const space = { agency_id: "a", client_owner_id: "c" };
    const owner = actor({ type: "CLIENT", client: { id: "c", role: "OWNER", companyId: "co", company: "Co" } });
    expect(canExportSpace(actor({ type: "AGENCY" }), space, false)).toBe(true);
    expect(canExportSpace(actor({ type: "AGENCY", agencyId: "b" }), space, true)).toBe(false);
    expect(canExportSpace(actor({ type: "ADMIN", isAdmin: true, agencyId: null }), space, true)).toBe(false);
    expect(canExportSpace(owner, space, false)).toBe(false);
    expect(canExportSpace(owner, space, true)).toBe(true);
    // The space names them as its owner, but they are no longer an OWNER client.
    expect(canExportSpace({ ...owner, client: { ...owner.client!, role: "LEAD" } }, space, true)).toBe(false);
    expect(
      canExportSpace(actor({ type: "TEAM_MEMBER", teamMember: { id: "t", role: "ACCOUNT_MANAGER" } }), space, true),
    ).toBe(false);
  });
});
