import { describe, expect, test } from "vitest";
import * as agencyLayout from "~/routes/_agency";
import * as agencyDashboard from "~/routes/_agency.dashboard";
import * as adminDatabase from "~/routes/_agency.admin.database";
import * as adminSettings from "~/routes/_agency.admin.settings";
import * as adminUsers from "~/routes/_agency.admin.users";
import * as clientDashboard from "~/routes/client.dashboard";
import * as teamsDashboard from "~/routes/teams.dashboard";
import * as emailVerification from "~/routes/email-verification";
import * as forgotPassword from "~/routes/forgot-password";
import * as login from "~/routes/login";
import * as register from "~/routes/register";
import { SESSION_IDLE_MS } from "~/models/sessions.server";
import { db } from "~/services/db.server";
import { PASSWORD, createAgency, createClient, createTeamMember, createUser } from "#tests/support/factories";
import { context, cookiesFrom, getRequest, postRequest, respond } from "#tests/support/requests";

const args = (request: Request) => ({ request, context: context(), params: {} });

async function signedIn(user: { email: string }) {
  const response = await respond(() =>
    login.action(args(postRequest("/login", { email: user.email, password: PASSWORD }))),
  );
  return cookiesFrom(response);
}

async function landing(loader: (a: ReturnType<typeof args>) => unknown, path: string, cookie?: string) {
  const response = await respond(() => loader(args(getRequest(path, cookie))));
  return response.status === 302 ? response.headers.get("Location") : response.status;
}

describe("route guards (SPEC §2.5)", () => {
  test("signed-out users go to /login and are brought back after", async () => {
    expect(await landing(agencyDashboard.loader, "/dashboard?tab=1")).toBe("/login?redirectTo=%2Fdashboard%3Ftab%3D1");
    expect(await landing(clientDashboard.loader, "/client/dashboard")).toBe("/login?redirectTo=%2Fclient%2Fdashboard");
    expect(await landing(teamsDashboard.loader, "/teams/dashboard")).toBe("/login?redirectTo=%2Fteams%2Fdashboard");
  });

  test("a signed-in user with an unverified email is sent to /email-verification", async () => {
    // Registration signs the new owner in before they verify.
    const response = await respond(() =>
      register.action(
        args(
          postRequest("/register", {
            firstName: "Una",
            lastName: "Verified",
            agencyName: "Pending Ltd",
            email: "una@example.test",
            mobileNumber: "(555) 000-1111",
            agencyUrl: "http://pending.example",
            password: PASSWORD,
            confirmPassword: PASSWORD,
            terms: "on",
          }),
        ),
      ),
    );
    const cookie = cookiesFrom(response);
    expect(await landing(agencyDashboard.loader, "/dashboard", cookie)).toBe(
      "/email-verification?email=una%40example.test",
    );
    expect(await landing(emailVerification.loader, "/email-verification", cookie)).toBe(200);
  });

  test("each user type is confined to its own route group", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: teamMember } = await createTeamMember(agencyId);
    const { user: client } = await createClient(agencyId);
    const [ownerCookie, teamCookie, clientCookie] = await Promise.all([owner, teamMember, client].map(signedIn));

    expect(await landing(agencyLayout.loader, "/dashboard", teamCookie)).toBe("/teams/dashboard");
    expect(await landing(agencyLayout.loader, "/dashboard", clientCookie)).toBe("/client/dashboard");
    expect(await landing(clientDashboard.loader, "/client/dashboard", ownerCookie)).toBe("/dashboard");
    expect(await landing(clientDashboard.loader, "/client/dashboard", teamCookie)).toBe("/teams/dashboard");
    expect(await landing(teamsDashboard.loader, "/teams/dashboard", ownerCookie)).toBe("/dashboard");
    expect(await landing(teamsDashboard.loader, "/teams/dashboard", clientCookie)).toBe("/client/dashboard");

    expect(await landing(agencyDashboard.loader, "/dashboard", ownerCookie)).toBe(200);
    expect(await landing(teamsDashboard.loader, "/teams/dashboard", teamCookie)).toBe(200);
    expect(await landing(clientDashboard.loader, "/client/dashboard", clientCookie)).toBe(200);
  });

  test("guest-only pages send a signed-in user to their own dashboard", async () => {
    const { agencyId } = await createAgency();
    const { user: client } = await createClient(agencyId);
    const cookie = await signedIn(client);
    expect(await landing(login.loader, "/login", cookie)).toBe("/client/dashboard");
    expect(await landing(register.loader, "/register", cookie)).toBe("/client/dashboard");
    expect(await landing(forgotPassword.loader, "/forgot-password", cookie)).toBe("/client/dashboard");
    expect(await landing(emailVerification.loader, "/email-verification", cookie)).toBe("/client/dashboard");
  });

  test("a client whose record was removed is signed out with a clear message", async () => {
    const { agencyId } = await createAgency();
    const { user, client } = await createClient(agencyId);
    const cookie = await signedIn(user);
    await db.deleteFrom("clients").where("id", "=", client.id).execute();

    const response = await respond(() => clientDashboard.loader(args(getRequest("/client/dashboard", cookie))));
    expect(response.headers.get("Location")).toBe("/login");
    const after = await respond(() => clientDashboard.loader(args(getRequest("/client/dashboard", cookie))));
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fclient%2Fdashboard");
  });

  test("a page view extends a session in use; once past its expiry, the session counts as signed out", async () => {
    const { owner } = await createAgency();
    const cookie = await signedIn(owner);
    const session = db.selectFrom("sessions").select("expires_at").where("user_id", "=", owner.id);
    const setSession = (values: { last_seen_at?: Date; expires_at: Date }) =>
      db.updateTable("sessions").set(values).where("user_id", "=", owner.id).execute();

    await setSession({ last_seen_at: new Date(Date.now() - 2 * 3600_000), expires_at: new Date(Date.now() + 60_000) });
    expect(await landing(agencyDashboard.loader, "/dashboard", cookie)).toBe(200);
    const { expires_at } = await session.executeTakeFirstOrThrow();
    expect(expires_at.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000);

    await setSession({ expires_at: new Date(Date.now() - 1000) });
    expect(await landing(agencyDashboard.loader, "/dashboard", cookie)).toBe("/login?redirectTo=%2Fdashboard");
  });

  test("a forged or tampered session cookie counts as signed out", async () => {
    const { owner } = await createAgency();
    const cookie = await signedIn(owner);
    const tampered = cookie.replace(/__session=([^;]+)/, (_match, value: string) => `__session=x${value.slice(1)}`);
    expect(await landing(agencyDashboard.loader, "/dashboard", tampered)).toBe("/login?redirectTo=%2Fdashboard");
  });
});

describe("the admin area", () => {
  test("is for administrators only; anyone else goes to /dashboard", async () => {
    const { owner } = await createAgency();
    const admin = await createUser({ type: "ADMIN" });
    const [ownerCookie, adminCookie] = await Promise.all([owner, admin].map(signedIn));

    for (const page of [adminUsers, adminDatabase, adminSettings]) {
      expect(await landing(page.loader, "/admin/x", ownerCookie)).toBe("/dashboard");
      expect(await landing(page.loader, "/admin/x", adminCookie)).toBe(200);
    }
    const response = await respond(() => adminUsers.loader(args(getRequest("/admin/users", adminCookie))));
    const { users } = await response.json();
    expect(users.items.map((user: { email: string }) => user.email)).toEqual(
      expect.arrayContaining([owner.email, admin.email]),
    );
  });
});
