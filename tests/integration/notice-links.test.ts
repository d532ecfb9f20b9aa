import { describe, expect, test } from "vitest";
import { sendUnreadNotice } from "~/models/unread-notices.server";
import * as conversationLink from "~/routes/conversation-link";
import * as twoFactorStep from "~/routes/login_.two-factor";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { signIn } from "~/web/auth.server";
import {
  createAgency,
  createClient,
  createSpace,
  createSpaceMessage,
  createTeamMember,
} from "#tests/support/factories";
import { context, cookiesFrom, getRequest, postRequest, respond } from "#tests/support/requests";
import { codeFor, withTwoFactor } from "#tests/support/two-factor";

/* The one-click link of an unread-message notice: single-use, short-lived, for one user and one space. */

const ORIGIN = "http://localhost:3000";
const args = (request: Request) => ({ request, context: context(), params: {} });

/** A client told about unread messages; returns the link's token from the mail. */
async function noticeFor(role: "client" | "team" = "client") {
  const { owner, agencyId } = await createAgency();
  const person =
    role === "client"
      ? await createClient(agencyId).then(({ user, client }) => ({ user, clientIds: [client.id], teamMemberIds: [] }))
      : await createTeamMember(agencyId).then(({ user, member }) => ({
          user,
          clientIds: [],
          teamMemberIds: [member.id],
        }));
  const space = await createSpace(agencyId, { clientIds: person.clientIds, teamMemberIds: person.teamMemberIds });
  await createSpaceMessage(space.id, owner.id, { minutesAgo: 10 });
  expect(await sendUnreadNotice({ userId: person.user.id, spaceId: space.id }, ORIGIN)).toBe(true);
  const mail = (await readOutbox()).filter((sent) => sent.to === person.user.email).at(-1)!;
  const token = new URL(mail.text.match(/https?:\/\/\S+\/conversation-link\?token=[\w-]+/)![0]).searchParams.get(
    "token",
  )!;
  return { owner, agencyId, user: person.user, space, token };
}

const open = (token: string, cookie?: string) =>
  respond(() => conversationLink.loader(args(getRequest(`/conversation-link?token=${token}`, cookie))));
const openAt = (token: string, message: string, cookie?: string) =>
  respond(() =>
    conversationLink.loader(args(getRequest(`/conversation-link?${new URLSearchParams({ token, message })}`, cookie))),
  );
const use = (token: string, cookie?: string) =>
  respond(() => conversationLink.action(args(postRequest("/conversation-link", { token }, cookie))));

describe("the link in a notice", () => {
  test("opening it uses nothing up; the button signs its user in and opens the conversation, once", async () => {
    const { user, space, token } = await noticeFor("client");
    expect(await (await open(token)).json()).toMatchObject({ state: "ready", spaceName: space.name });
    expect(await (await open(token)).json()).toMatchObject({ state: "ready" });

    const used = await use(token);
    expect(used.headers.get("Location")).toBe(`/client/chat/${space.id}`);
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(1);

    expect((await use(token)).status).toBe(410);
    expect(await (await open(token)).json()).toEqual({
      state: "spent",
      loginHref: `/login?redirectTo=${encodeURIComponent(`/client/chat/${space.id}`)}`,
    });
  });

  test("a team member's link opens the space itself", async () => {
    const { space, token } = await noticeFor("team");
    expect((await use(token)).headers.get("Location")).toBe(`/spaces/${space.id}`);
  });

  test("it never signs in anyone but its user: another user signed in here is refused, and the link stays unused", async () => {
    const { owner, user, token } = await noticeFor("client");
    const ownerCookie = cookiesFrom(await signIn(getRequest("/"), owner.id, { redirectTo: "/" }));
    expect(await (await open(token, ownerCookie)).json()).toEqual({ state: "other-account" });
    expect((await use(token, ownerCookie)).status).toBe(403);
    const link = await db
      .selectFrom("sign_in_links")
      .select("used_at")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(link.used_at).toBeNull();
  });

  test("its own user already signed in goes straight to the conversation", async () => {
    const { user, space, token } = await noticeFor("client");
    const cookie = cookiesFrom(await signIn(getRequest("/"), user.id, { redirectTo: "/" }));
    expect((await open(token, cookie)).headers.get("Location")).toBe(`/client/chat/${space.id}`);
  });

  test("a link that names a message opens the chat at it; anything but a message's id there is ignored", async () => {
    const { space, token } = await noticeFor("client");
    const messageId = crypto.randomUUID();
    expect(await (await openAt(token, messageId)).json()).toMatchObject({ state: "ready", message: messageId });
    const used = await respond(() =>
      conversationLink.action(args(postRequest("/conversation-link", { token, message: messageId }))),
    );
    expect(used.headers.get("Location")).toBe(`/client/chat/${space.id}?message=${messageId}`);
    const cookie = cookiesFrom(used);
    expect((await openAt(token, messageId, cookie)).headers.get("Location")).toBe(
      `/client/chat/${space.id}?message=${messageId}`,
    );
    expect((await openAt(token, "https://evil.example/", cookie)).headers.get("Location")).toBe(
      `/client/chat/${space.id}`,
    );
  });

  test("an expired link, an unknown one, and one whose user left the space sign nobody in", async () => {
    const expired = await noticeFor("client");
    await db
      .updateTable("sign_in_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await use(expired.token)).status).toBe(410);
    expect((await use("not-a-real-token")).status).toBe(410);
    expect(await (await open("not-a-real-token")).json()).toEqual({ state: "spent", loginHref: "/login" });

    const removed = await noticeFor("client");
    await db.deleteFrom("space_clients").where("space_id", "=", removed.space.id).execute();
    expect((await use(removed.token)).status).toBe(410);
    const sessions = db.selectFrom("sessions").select("id");
    expect(await sessions.where("user_id", "in", [expired.user.id, removed.user.id]).execute()).toEqual([]);
  });

  test("it counts as the password, not as the second factor: a user with two-factor sign-in still gives a code", async () => {
    const { user, space, token } = await noticeFor("client");
    await withTwoFactor(user);
    const code = () => codeFor(user.id);

    const used = await use(token);
    expect(used.headers.get("Location")).toBe("/login/two-factor");
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    const answered = await respond(() =>
      twoFactorStep.action(args(postRequest("/login/two-factor", { code: "" }, cookiesFrom(used)))),
    );
    expect(answered.status).toBe(400);
    const signedIn = await respond(async () =>
      twoFactorStep.action(args(postRequest("/login/two-factor", { code: await code() }, cookiesFrom(used)))),
    );
    expect(signedIn.headers.get("Location")).toBe(`/client/chat/${space.id}`);
  });
});
