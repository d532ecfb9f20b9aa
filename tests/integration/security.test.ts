import { Refusal } from "~/models/errors.server";
import { afterEach, describe, expect, test } from "vitest";
import { endOwnSession, listSessions } from "~/models/sessions.server";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  setTwoFactorRequirement,
  verifySecondFactor,
} from "~/models/two-factor.server";
import * as agencySecurity from "~/routes/_agency.settings.security";
import * as agencyDashboard from "~/routes/_agency.dashboard";
import { issueTemporaryPassword } from "~/models/temporary-passwords.server";
import * as login from "~/routes/login";
import * as twoFactorStep from "~/routes/login_.two-factor";
import * as teamLogin from "~/routes/team-login";
import * as newPassword from "~/routes/team-login_.new-password";
import * as teamsDashboard from "~/routes/teams.dashboard";
import * as teamsSecurity from "~/routes/teams.settings.security";
import { db } from "~/services/db.server";
import { subscribe } from "~/models/events.server";
import { setClientOwnerExports } from "~/models/space-exports.server";
import { PASSWORD, actorOf, createAgency, createTeamMember } from "#tests/support/factories";
import {
  type RouteHandler,
  context,
  cookiesFrom,
  getRequest,
  postRequest,
  respond,
  toastOf,
} from "#tests/support/requests";
import { codeFor, withTwoFactor } from "#tests/support/two-factor";

const args = (request: Request, clientIp?: string) => ({ request, context: context(clientIp), params: {} });

async function logInCookie(email: string, password = PASSWORD) {
  const response = await respond(() => login.action(args(postRequest("/login", { email, password }))));
  return { response, cookie: cookiesFrom(response) };
}

const sessionCount = async (userId: string) =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

const stopListening: Array<() => void> = [];
afterEach(() => stopListening.splice(0).forEach((stop) => stop()));

describe("changing the password", () => {
  test("needs the current password; then signs out every other session, whose sockets are told to drop", async () => {
    const { owner } = await createAgency();
    const here = await logInCookie(owner.email);
    const phone = await logInCookie(owner.email);
    const ended: string[] = [];
    stopListening.push(subscribe("session.ended", ({ sessionId }) => ended.push(sessionId)));
    const change = (currentPassword: string) =>
      respond(() =>
        agencySecurity.action(
          args(
            postRequest(
              "/settings/security",
              {
                intent: "change-password",
                currentPassword,
                password: "a brand new secret",
                confirmPassword: "a brand new secret",
              },
              here.cookie,
            ),
          ),
        ),
      );

    const wrong = await change("not the password");
    expect(wrong.status).toBe(400);
    const { result } = await wrong.json();
    expect(result.error.currentPassword).toEqual(["Your current password is not correct."]);
    expect(result.initialValue.password).toBeUndefined();
    expect(await sessionCount(owner.id)).toBe(2);

    const done = await change(PASSWORD);
    expect(done.headers.get("Location")).toBe("/settings/security");
    expect(await sessionCount(owner.id)).toBe(1);
    expect(ended).toHaveLength(1);
    expect((await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", here.cookie))))).status).toBe(200);
    const phoneNow = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", phone.cookie))));
    expect(phoneNow.headers.get("Location")).toMatch(/^\/login/);
    expect((await logInCookie(owner.email, "a brand new secret")).response.headers.get("Location")).toBe("/dashboard");
    const activity = await db.selectFrom("activity").select("action").where("actor_id", "=", owner.id).execute();
    expect(activity.map((row) => row.action)).toContain("security.password_changed");
  });

  test("the 8-character rule and matching confirmation are checked before anything happens", async () => {
    const { owner } = await createAgency();
    const { cookie } = await logInCookie(owner.email);
    const response = await respond(() =>
      agencySecurity.action(
        args(
          postRequest(
            "/settings/security",
            { intent: "change-password", currentPassword: PASSWORD, password: "short", confirmPassword: "shorter" },
            cookie,
          ),
        ),
      ),
    );
    const { result } = await response.json();
    expect(result.error.password).toEqual(["Password must be at least 8 characters long."]);
    expect(result.error.confirmPassword).toEqual(["Passwords do not match"]);
  });
});

describe("sessions", () => {
  test("each is listed with its device; Sign out ends only the user's own, never another user's", async () => {
    const { owner, agencyId } = await createAgency();
    const { user: other } = await createTeamMember(agencyId);
    await logInCookie(owner.email);
    await logInCookie(other.email);
    const [otherSession] = await listSessions(other.id, "");
    expect(await endOwnSession(owner.id, otherSession.handle)).toBe(false);
    expect(await sessionCount(other.id)).toBe(1);
    expect(await endOwnSession(other.id, otherSession.handle)).toBe(true);
    expect(await sessionCount(other.id)).toBe(0);
  });

  test("the page never shows a session's id, which is its secret", async () => {
    const { owner } = await createAgency();
    const { cookie } = await logInCookie(owner.email);
    const page = await respond(() => agencySecurity.loader(args(getRequest("/settings/security", cookie))));
    const body = await page.text();
    const ids = await db.selectFrom("sessions").select("id").where("user_id", "=", owner.id).execute();
    for (const { id } of ids) expect(body).not.toContain(id);
    expect(JSON.parse(body).sessions[0]).toMatchObject({ current: true, lastSeen: "Active now" });
  });
});

describe("two-factor sign-in", () => {
  test("set-up needs a right code from the app, then gives ten recovery codes", async () => {
    const { owner } = await createAgency();
    const actor = await actorOf(owner);
    await beginTwoFactorSetup(actor);
    await expect(confirmTwoFactorSetup(actor, "000000")).rejects.toThrow(Refusal);
    const codes = await confirmTwoFactorSetup(actor, await codeFor(owner.id));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", owner.id).execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    await expect(beginTwoFactorSetup(actor)).rejects.toThrow("Two-factor sign-in is already on.");
  });

  test("the page's Start and Cancel buttons: set-up begins and ends, and a refusal comes back as a toast", async () => {
    const { owner } = await createAgency();
    const { cookie } = await logInCookie(owner.email);
    const post = (intent: string) =>
      respond(() => agencySecurity.action(args(postRequest("/settings/security", { intent }, cookie))));
    const pending = () => db.selectFrom("two_factor").select("enabled_at").where("user_id", "=", owner.id).execute();

    expect((await post("start-two-factor")).headers.get("Location")).toBe("/settings/security");
    expect(await pending()).toEqual([{ enabled_at: null }]);
    expect((await post("cancel-two-factor")).headers.get("Location")).toBe("/settings/security");
    expect(await pending()).toEqual([]);

    await withTwoFactor(owner);
    const refused = await post("start-two-factor");
    expect(refused.headers.get("Location")).toBe("/settings/security");
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      title: "Two-factor sign-in",
      description: "Two-factor sign-in is already on.",
    });
  });

  test("the password step makes no session; a wrong code is refused; the right one signs in, once", async () => {
    const { owner } = await createAgency();
    await withTwoFactor(owner);
    const { response, cookie } = await logInCookie(owner.email);
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    expect(await sessionCount(owner.id)).toBe(0);
    const dashboard = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", cookie))));
    expect(dashboard.headers.get("Location")).toMatch(/^\/login/);

    const answer = (code: string) =>
      respond(() => twoFactorStep.action(args(postRequest("/login/two-factor", { code }, cookie))));
    const wrong = await answer("123456");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).result.error[""]).toEqual([
      "That code is not valid. Please check your authenticator app and try again.",
    ]);

    const code = await codeFor(owner.id);
    const right = await answer(code);
    expect(right.headers.get("Location")).toBe("/dashboard");
    expect(await sessionCount(owner.id)).toBe(1);
    // The same code again, even from the pending step of another sign-in, is not accepted.
    const again = await logInCookie(owner.email);
    const replay = await respond(() =>
      twoFactorStep.action(args(postRequest("/login/two-factor", { code }, again.cookie))),
    );
    expect(replay.status).toBe(400);
  });

  test("a recovery code signs in once, whatever its case and spacing", async () => {
    const { owner } = await createAgency();
    const [recovery] = await withTwoFactor(owner);
    expect(await verifySecondFactor(owner.id, ` ${recovery.toUpperCase()} `, "198.51.100.1")).toBe(true);
    expect(await verifySecondFactor(owner.id, recovery, "198.51.100.1")).toBe(false);
  });

  test("guessing is limited: the eleventh wrong code within 15 minutes is refused outright", async () => {
    const { owner } = await createAgency();
    await withTwoFactor(owner);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await verifySecondFactor(owner.id, "000000", `198.51.100.${attempt}`)).toBe(false);
    }
    await expect(verifySecondFactor(owner.id, await codeFor(owner.id), "198.51.100.99")).rejects.toMatchObject({
      status: 429,
    });
  });

  test("a right code does not count against the address: 16 two-step sign-ins from one office all get in", async () => {
    const { owner } = await createAgency();
    await withTwoFactor(owner);
    for (let signIn = 1; signIn <= 16; signIn++) {
      const office = "192.0.2.90";
      const password = await respond(() =>
        login.action(args(postRequest("/login", { email: owner.email, password: PASSWORD }), office)),
      );
      expect(password.headers.get("Location"), `sign-in ${signIn}`).toBe("/login/two-factor");
      const code = await codeFor(owner.id);
      const step = await respond(() =>
        twoFactorStep.action(args(postRequest("/login/two-factor", { code }, cookiesFrom(password)), office)),
      );
      expect(step.status, `sign-in ${signIn}`).toBe(302);
      expect(step.headers.get("Location")).toBe("/dashboard");
      // The same person again within the same 30 seconds: let the code be used once more.
      await db.updateTable("two_factor").set({ last_used_step: 0 }).where("user_id", "=", owner.id).execute();
    }
  });

  test("without the pending step, the code page sends the visitor to log in", async () => {
    const response = await respond(() => twoFactorStep.loader(args(getRequest("/login/two-factor"))));
    expect(response.headers.get("Location")).toBe("/login");
  });

  test("turning it off needs a code; an agency that requires it keeps it on", async () => {
    const { owner, agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId);
    const member = await actorOf(user);
    await withTwoFactor(user);
    await expect(disableTwoFactor(member, "000000", "198.51.100.1")).rejects.toThrow(Refusal);

    await withTwoFactor(owner);
    await setTwoFactorRequirement(await actorOf(owner), true);
    await expect(disableTwoFactor(member, await codeFor(user.id), "198.51.100.1")).rejects.toThrow(
      "Your agency requires two-factor sign-in, so it cannot be turned off.",
    );
    await setTwoFactorRequirement(await actorOf(owner), false);
    await disableTwoFactor(member, await codeFor(user.id), "198.51.100.1");
    expect((await logInCookie(user.email)).response.headers.get("Location")).toBe("/teams/dashboard");
  });
});

describe("an agency that requires two-factor sign-in", () => {
  test("must have it itself first; team members without it are sent to set it up, and only there", async () => {
    const { owner, agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId);
    await expect(setTwoFactorRequirement(await actorOf(owner), true)).rejects.toThrow(
      "Turn on two-factor sign-in for your own account first.",
    );
    await withTwoFactor(owner);
    await setTwoFactorRequirement(await actorOf(owner), true);

    const { cookie } = await logInCookie(user.email);
    const dashboard = await respond(() => teamsDashboard.loader(args(getRequest("/teams/dashboard", cookie))));
    expect(dashboard.headers.get("Location")).toBe("/teams/settings/security");
    const security = await respond(() => teamsSecurity.loader(args(getRequest("/teams/settings/security", cookie))));
    expect(security.status).toBe(200);
    expect((await security.json()).twoFactor).toMatchObject({ enabled: false, required: true });

    // The owner is not held to it by the guard (they already have it), nor is another agency.
    const other = await createAgency();
    const { user: outsider } = await createTeamMember(other.agencyId);
    const outsiderCookie = (await logInCookie(outsider.email)).cookie;
    expect(
      (await respond(() => teamsDashboard.loader(args(getRequest("/teams/dashboard", outsiderCookie))))).status,
    ).toBe(200);
  });

  test("a temporary password is replaced first, then two-factor is set up, and then the team member is in", async () => {
    const { owner, agencyId } = await createAgency();
    const { user, member } = await createTeamMember(agencyId);
    await withTwoFactor(owner);
    await setTwoFactorRequirement(await actorOf(owner), true);
    const { password } = await issueTemporaryPassword(await actorOf(owner), "team_member", member.id);

    const signIn = (pass: string) =>
      respond(() => teamLogin.action(args(postRequest("/team-login", { email: user.email, password: pass }))));
    let cookie = cookiesFrom(await signIn(password));
    const page = async (loader: RouteHandler, path: string) => {
      const response = await respond(() => loader(args(getRequest(path, cookie))));
      return response.status === 302 ? response.headers.get("Location") : response.status;
    };
    // Each page lets the user take the step it stands for; neither sends them to the other.
    expect(await page(teamsDashboard.loader, "/teams/dashboard")).toBe("/team-login/new-password");
    expect(await page(teamsSecurity.loader, "/teams/settings/security")).toBe("/team-login/new-password");
    expect(await page(newPassword.loader, "/team-login/new-password")).toBe(200);

    const chosen = "my own password 1";
    const changed = await respond(() =>
      newPassword.action(
        args(postRequest("/team-login/new-password", { password: chosen, confirmPassword: chosen }, cookie)),
      ),
    );
    expect(changed.headers.get("Location")).toBe("/team-login");

    cookie = cookiesFrom(await signIn(chosen));
    expect(await page(teamsDashboard.loader, "/teams/dashboard")).toBe("/teams/settings/security");
    expect(await page(newPassword.loader, "/team-login/new-password")).toBe("/teams/settings/security");
    expect(await page(teamsSecurity.loader, "/teams/settings/security")).toBe(200);
    await respond(() =>
      teamsSecurity.action(args(postRequest("/teams/settings/security", { intent: "start-two-factor" }, cookie))),
    );
    const code = await codeFor(user.id);
    const confirmed = await respond(() =>
      teamsSecurity.action(
        args(postRequest("/teams/settings/security", { intent: "confirm-two-factor", code }, cookie)),
      ),
    );
    expect((await confirmed.json()).recoveryCodes).toHaveLength(10);
    expect(await page(teamsDashboard.loader, "/teams/dashboard")).toBe(200);
  });

  test("the Security tab offers client owners' exports to the agency owner alone, as the exports' model says", async () => {
    const { owner, agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId, "ACCOUNT_MANAGER");
    const setting = async (security: RouteHandler, path: string, email: string) => {
      const { cookie } = await logInCookie(email);
      return (await respond(() => security(args(getRequest(path, cookie))))).json().then((page) => page.clientExports);
    };
    expect(await setting(agencySecurity.loader, "/settings/security", owner.email)).toBe(false);
    await setClientOwnerExports(await actorOf(owner), true);
    expect(await setting(agencySecurity.loader, "/settings/security", owner.email)).toBe(true);
    expect(await setting(teamsSecurity.loader, "/teams/settings/security", user.email)).toBeNull();
  });

  test("only an agency owner may set it", async () => {
    const { agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId, "ACCOUNT_MANAGER");
    await expect(setTwoFactorRequirement(await actorOf(user), true)).rejects.toThrow("Not found");
    const agency = await db
      .selectFrom("agencies")
      .select("require_two_factor")
      .where("id", "=", agencyId)
      .executeTakeFirstOrThrow();
    expect(agency.require_two_factor).toBe(false);
  });
});
