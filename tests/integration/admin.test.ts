import { describe, expect, test } from "vitest";
import { databaseStatus, listUsers, settingsInForce } from "~/models/admin.server";
import { db } from "~/services/db.server";
import { actorOf, createAgency, createUser } from "#tests/support/factories";

/* The admin area's pages (DESIGN.md): users searched and paged, the database's state, the settings in force. */

describe("the admin area", () => {
  test("lists every user with type, agency, verified and created; searches by email or agency; pages by 50", async () => {
    const admin = await actorOf(await createUser({ type: "ADMIN" }));
    const { owner } = await createAgency({ agencyName: "Findable Fifty%" });
    await createUser({ verified: false, email: "pending-person@example.test" });
    for (let index = 0; index < 50; index++) await createUser();

    const { users: firstPage } = await listUsers(admin);
    expect(firstPage.items).toHaveLength(50);
    expect(firstPage.total).toBeGreaterThanOrEqual(53);
    const { users: secondPage } = await listUsers(admin, { page: 2 });
    expect(secondPage.items.map((user) => user.id)).not.toContain(firstPage.items[0].id);
    expect((await listUsers(admin, { page: 999 })).users.page).toBe(firstPage.pageCount);

    const byAgency = await listUsers(admin, { query: "fifty%" });
    expect(byAgency.users.items).toEqual([
      expect.objectContaining({
        email: owner.email,
        userType: "AGENCY",
        agencyName: "Findable Fifty%",
        verified: true,
      }),
    ]);
    // A % typed in the search is a percent sign, not a wildcard.
    expect((await listUsers(admin, { query: "Fif%ty" })).users.items).toEqual([]);
    expect((await listUsers(admin, { query: "PENDING-PERSON" })).users.items[0]).toMatchObject({ verified: false });
  });

  test("shows each migration as applied, and row counts", async () => {
    const admin = await actorOf(await createUser({ type: "ADMIN" }));
    const status = await databaseStatus(admin);
    expect(status.migrations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "0005_security_and_notices", appliedAt: expect.anything() }),
      ]),
    );
    const users = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    expect(status.counts.find((count) => count.table === "users")?.rows).toBe(Number(users.count));
  });

  test("names the drivers in force and never prints a secret", async () => {
    const admin = await actorOf(await createUser({ type: "ADMIN" }));
    const settings = settingsInForce(admin);
    expect(settings.map((setting) => setting.name)).toEqual(expect.arrayContaining(["Database", "Mail", "Job queue"]));
    for (const name of ["SESSION_SECRET", "RESEND_API_KEY", "S3 keys"]) {
      expect(["set", "not set"]).toContain(settings.find((setting) => setting.name === name)?.value);
    }
  });

  test("refuses anyone who is not an administrator", async () => {
    const { owner } = await createAgency();
    const actor = await actorOf(owner);
    await expect(listUsers(actor)).rejects.toMatchObject({ status: 403 });
    await expect(databaseStatus(actor)).rejects.toMatchObject({ status: 403 });
    expect(() => settingsInForce(actor)).toThrow("Administrators only.");
  });
});
