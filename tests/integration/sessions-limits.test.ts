import { afterEach, describe, expect, test } from "vitest";
import { subscribe } from "~/models/events.server";
import { issueSignInLink } from "~/models/sign-in-links.server";
import * as agencySecurity from "~/routes/_agency.settings.security";
import * as clientSecurity from "~/routes/client.settings.security";
import * as conversationLink from "~/routes/conversation-link";
import * as login from "~/routes/login";
import * as twoFactorStep from "~/routes/login_.two-factor";
import { db } from "~/services/db.server";
import { getSessionId } from "~/web/auth.server";
import { PASSWORD, createAgency, createClient, createSpace } from "#tests/support/factories";
import { context, cookiesFrom, getRequest, postRequest, respond } from "#tests/support/requests";
import { codeFor, withTwoFactor } from "#tests/support/two-factor";

/*
 * Issue 35: nobody keeps more than 10 sessions (each sign-in beyond signs out the one used
 * longest ago, and the Security tab says so), and a session made by a notice's one-click
 * link says so on the sessions list.
 */

const args = (request: Request) => ({ request, context: context(), params: {} });

const stopListening: Array<() => void> = [];
afterEach(() => stopListening.splice(0).forEach((stop) => stop()));

async function logIn(email: string) {
  const response = await respond(() => login.action(args(postRequest("/login", { email, password: PASSWORD }))));
  expect(response.headers.get("Location")).toBe("/dashboard");
  const cookie = cookiesFrom(response);
  return { cookie, sessionId: (await getSessionId(getRequest("/", cookie)))! };
}

const securityPage = async (cookie: string) =>
  respond(() => agencySecurity.loader(args(getRequest("/settings/security", cookie))));

describe("at most 10 sessions per person", () => {
  test("the eleventh sign-in signs out the session used longest ago, its sockets told; the Security tab says why", async () => {
    const { owner } = await createAgency();
    const { user: someoneElse } = await createClient((await createAgency({ agencyName: "Other" })).agencyId);
    const others = await db.selectFrom("sessions").select("id").where("user_id", "=", someoneElse.id).execute();
    const signedIn = [];
    for (let count = 0; count < 10; count++) signedIn.push(await logIn(owner.email));
    // Used in turn, the second the longest ago: it goes, though the first was made before it.
    for (const [index, { sessionId }] of signedIn.entries()) {
      const hoursAgo = index === 1 ? 48 : 24 - index;
      await db
        .updateTable("sessions")
        .set({ last_seen_at: new Date(Date.now() - hoursAgo * 60 * 60 * 1000) })
        .where("id", "=", sessionId)
        .execute();
    }
    const before = await (await securityPage(signedIn[0].cookie)).json();
    expect(before.sessions).toHaveLength(10);
    expect(before.sessionCapNotice).toBeNull();

    const ended: string[] = [];
    stopListening.push(subscribe("session.ended", ({ sessionId }) => ended.push(sessionId)));
    const latest = await logIn(owner.email);

    expect(ended).toEqual([signedIn[1].sessionId]);
    expect((await securityPage(signedIn[1].cookie)).headers.get("Location")).toMatch(/^\/login/);
    const page = await (await securityPage(latest.cookie)).json();
    expect(page.sessions).toHaveLength(10);
    expect(page.sessionCapNotice).toMatch(
      /^On \w+ \d+, \d{4}, you were signed in on more than 10 devices, so the one used longest ago was signed out\.$/,
    );
    for (const { cookie } of [signedIn[0], ...signedIn.slice(2)]) expect((await securityPage(cookie)).status).toBe(200);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", someoneElse.id).execute()).toEqual(
      others,
    );
  });

  test("an expired session does not count, and nothing is said when nothing was signed out", async () => {
    const { owner } = await createAgency();
    const signedIn = [];
    for (let count = 0; count < 10; count++) signedIn.push(await logIn(owner.email));
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", signedIn[0].sessionId)
      .execute();
    const latest = await logIn(owner.email);
    for (const { cookie } of signedIn.slice(1)) expect((await securityPage(cookie)).status).toBe(200);
    const page = await (await securityPage(latest.cookie)).json();
    expect(page.sessions).toHaveLength(10);
    expect(page.sessionCapNotice).toBeNull();
  });
});

describe("a session made by a notice's link", () => {
  async function linkFor() {
    const { agencyId } = await createAgency();
    const { user, client } = await createClient(agencyId);
    const space = await createSpace(agencyId, { clientIds: [client.id] });
    return { user, token: await issueSignInLink(user.id, space.id) };
  }
  const useLink = (token: string) =>
    respond(() => conversationLink.action(args(postRequest("/conversation-link", { token }))));
  const sessionsOn = async (cookie: string) =>
    (await (await respond(() => clientSecurity.loader(args(getRequest("/client/settings/security", cookie))))).json())
      .sessions as Array<{ current: boolean; signedIn: string }>;

  test("is listed as signed in by an email link; one made by a password is not", async () => {
    const { user, token } = await linkFor();
    const byLink = cookiesFrom(await useLink(token));
    const byPassword = cookiesFrom(
      await respond(() => login.action(args(postRequest("/login", { email: user.email, password: PASSWORD })))),
    );
    const listed = await sessionsOn(byPassword);
    expect(listed.map((session) => [session.current, session.signedIn])).toEqual([
      [true, expect.stringMatching(/^Signed in \w+ \d+, \d{4}$/)],
      [false, expect.stringMatching(/^Signed in \w+ \d+, \d{4} by an email link$/)],
    ]);
    expect((await sessionsOn(byLink))[0]).toMatchObject({ current: true, signedIn: expect.stringMatching(/link$/) });
  });

  test("with two-factor sign-in, the session made once the code is right is still the link's", async () => {
    const { user, token } = await linkFor();
    await withTwoFactor(user);
    const code = () => codeFor(user.id);

    const pending = await useLink(token);
    expect(pending.headers.get("Location")).toBe("/login/two-factor");
    const signedIn = await respond(async () =>
      twoFactorStep.action(args(postRequest("/login/two-factor", { code: await code() }, cookiesFrom(pending)))),
    );
    expect((await sessionsOn(cookiesFrom(signedIn, cookiesFrom(pending))))[0]).toMatchObject({
      current: true,
      signedIn: expect.stringMatching(/by an email link$/),
    });
  });
});
