import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { getProfile } from "~/models/profiles.server";
import * as agencyProfile from "~/routes/_agency.settings._index";
import * as clientProfile from "~/routes/client.settings._index";
import * as teamsProfile from "~/routes/teams.settings._index";
import * as agencyLayout from "~/routes/_agency";
import * as settingsLayout from "~/routes/_agency.settings";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import { signIn } from "~/web/auth.server";
import { actorOf, createAgency, createClient, createTeamMember, createUser } from "#tests/support/factories";
import { BASE, context, cookiesFrom, getRequest, postRequest, respond } from "#tests/support/requests";
import { whileWritesFail } from "#tests/support/faults";

const args = (request: Request) => ({ request, context: context(), params: {} });

async function cookieFor(user: { id: string }) {
  return cookiesFrom(await signIn(getRequest("/login"), user.id, { redirectTo: "/" }));
}

function uploadRequest(path: string, fields: Record<string, string | File>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { Cookie: cookie } });
}

/** The toast a redirect carries, as the next page would show it. */
async function toastOf(response: Response) {
  const cookie = cookiesFrom(response);
  const { getToast } = await import("~/web/toast.server");
  return (await getToast(getRequest("/", cookie))).toast;
}

const png = (width = 400, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer()
    .then((buffer) => new File([new Uint8Array(buffer)], "photo.png", { type: "image/png" }));

describe("the profile of each user type (SPEC §2.12)", () => {
  test("the agency owner saves the agency's name, their name, a formatted mobile number and the website", async () => {
    const { owner } = await createAgency();
    const cookie = await cookieFor(owner);
    const response = await respond(async () =>
      agencyProfile.action(
        args(
          postRequest(
            "/settings",
            {
              intent: "profile",
              agencyName: "Hopper Studio",
              firstName: "Grace",
              lastName: "Hopper",
              mobileNumber: "555.123.4567",
              url: "https://hopper.studio",
            },
            cookie,
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings");
    expect(await toastOf(response)).toMatchObject({
      title: "Profile updated",
      description: "Your profile has been updated successfully.",
    });
    expect(await getProfile(await actorOf(owner))).toMatchObject({
      kind: "agency",
      agencyName: "Hopper Studio",
      firstName: "Grace",
      lastName: "Hopper",
      mobileNumber: "(555) 123-4567",
      url: "https://hopper.studio",
      email: owner.email,
    });
    // The top bar reads the new name on the next page.
    const layout = await respond(async () => agencyLayout.loader(args(getRequest("/settings", cookie))));
    expect((await layout.json()).user).toMatchObject({ name: "Grace Hopper", companyName: "Hopper Studio" });
    const activity = await db.selectFrom("activity").select("summary").where("agency_id", "=", owner.id).execute();
    expect(activity.map((row) => row.summary)).toContain("Grace Hopper updated their profile");
  });

  test("bad input comes back with SPEC's words and what was typed, and changes nothing", async () => {
    const { owner } = await createAgency({ agencyName: "Before Ltd" });
    const response = await respond(async () =>
      agencyProfile.action(
        args(
          postRequest(
            "/settings",
            { intent: "profile", agencyName: "After Ltd", firstName: "", lastName: "X", url: "hopper.example" },
            await cookieFor(owner),
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.firstName).toEqual(["First name is required."]);
    expect(result.error.url).toEqual(["The website must start with http:// or https://"]);
    expect(result.initialValue).toMatchObject({ agencyName: "After Ltd", url: "hopper.example" });
    expect(await getProfile(await actorOf(owner))).toMatchObject({ agencyName: "Before Ltd" });
  });

  test("a team member changes their name and number; the role they cannot change", async () => {
    const { agencyId } = await createAgency();
    const { user, member } = await createTeamMember(agencyId, "SEO_SPECIALIST", { name: "Terry Team" });
    const response = await respond(async () =>
      teamsProfile.action(
        args(
          postRequest(
            "/teams/settings",
            { intent: "profile", name: "Terry Teamworth", mobileNumber: "5550001111", role: "OWNER" },
            await cookieFor(user),
          ),
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/teams/settings");
    const saved = await db.selectFrom("team_members").selectAll().where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ name: "Terry Teamworth", mobile_number: "(555) 000-1111", role: "SEO_SPECIALIST" });
  });

  test("a client changes name, number and extension; not their company, which decides whom they see", async () => {
    const { agencyId } = await createAgency();
    const { user, client } = await createClient(agencyId, { company: "Globex" });
    const cookie = await cookieFor(user);
    const bad = await respond(async () =>
      clientProfile.action(
        args(postRequest("/client/settings", { intent: "profile", name: "Cleo", extension: "12345678901" }, cookie)),
      ),
    );
    expect((await bad.json()).result.error.extension).toEqual(["The extension has at most 10 digits."]);

    await respond(async () =>
      clientProfile.action(
        args(
          postRequest(
            "/client/settings",
            { intent: "profile", name: "Cleo Clientson", extension: "204", company: "Initech" },
            cookie,
          ),
        ),
      ),
    );
    const saved = await db.selectFrom("clients").selectAll().where("id", "=", client.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      name: "Cleo Clientson",
      extension: "204",
      company_id: client.company_id,
      mobile_number: null,
    });
  });

  test("a record that is gone shows SPEC's states, and an administrator has no profile", async () => {
    const { agencyId } = await createAgency();
    const { user: memberUser, member } = await createTeamMember(agencyId);
    const { user: clientUser, client } = await createClient(agencyId);
    const [memberActor, clientActor] = [await actorOf(memberUser), await actorOf(clientUser)];
    await db.deleteFrom("team_members").where("id", "=", member.id).execute();
    await db.deleteFrom("clients").where("id", "=", client.id).execute();
    expect(await getProfile(memberActor)).toEqual({ kind: "missing", of: "team" });
    expect(await getProfile(clientActor)).toEqual({ kind: "missing", of: "client" });
    const admin = await createUser({ type: "ADMIN" });
    expect(await getProfile(await actorOf(admin))).toEqual({ kind: "none", email: admin.email });
  });

  test("an unexpected failure of saving keeps the form with what was typed and SPEC's words, answered 500", async () => {
    const { owner } = await createAgency({ agencyName: "Before Ltd" });
    // A real failure in this file's own database: a trigger that makes every agency update fail.
    await whileWritesFail("update", "agencies", async (logged) => {
      const response = await respond(async () =>
        agencyProfile.action(
          args(
            postRequest(
              "/settings",
              {
                intent: "profile",
                agencyName: "After Ltd",
                firstName: "Grace",
                lastName: "Hopper",
                url: "https://hopper.studio",
              },
              await cookieFor(owner),
            ),
          ),
        ),
      );
      expect(response.status).toBe(500);
      const { result } = await response.json();
      expect(result.error[""]).toEqual(["Failed to update your profile. Please try again."]);
      expect(result.initialValue).toMatchObject({ agencyName: "After Ltd", firstName: "Grace" });
      expect(logged).toHaveBeenCalled();
    });
  });

  test("the Audit log tab is the agency owner's alone, as the audit log's model says", async () => {
    const { owner, agencyId } = await createAgency();
    const admin = await createUser({ type: "ADMIN" });
    const tabs = async (user: { id: string }) =>
      (await respond(async () => settingsLayout.loader(args(getRequest("/settings", await cookieFor(user)))))).json();
    expect(await tabs(owner)).toEqual({ auditLog: true });
    expect(await tabs(admin)).toEqual({ auditLog: false });
    const { user } = await createTeamMember(agencyId, "ACCOUNT_MANAGER");
    const outsider = await respond(async () =>
      settingsLayout.loader(args(getRequest("/settings", await cookieFor(user)))),
    );
    expect(outsider.headers.get("Location")).toBe("/teams/dashboard");
  });

  test("each area's settings are its own: a client at /settings goes to their own dashboard", async () => {
    const { agencyId } = await createAgency();
    const { user } = await createClient(agencyId);
    const response = await respond(async () =>
      agencyProfile.loader(args(getRequest("/settings", await cookieFor(user)))),
    );
    expect(response.headers.get("Location")).toBe("/client/dashboard");
  });
});

describe("avatars and the agency logo (SPEC §4, §5, §8)", () => {
  test("an avatar is stored re-encoded, shown as the user's avatar, and replaces the old file, which is removed", async () => {
    const { agencyId } = await createAgency();
    const { user, member } = await createTeamMember(agencyId);
    const cookie = await cookieFor(user);

    const first = await respond(async () =>
      teamsProfile.action(args(uploadRequest("/teams/settings", { intent: "avatar", avatar: await png() }, cookie))),
    );
    expect(await toastOf(first)).toMatchObject({
      title: "Success",
      description: "Profile avatar uploaded successfully.",
    });
    const firstKey = (
      await db
        .selectFrom("team_members")
        .select("profile_picture")
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow()
    ).profile_picture!;
    expect(firstKey).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    expect((await actorOf(user)).avatarKey).toBe(firstKey);

    await respond(async () =>
      teamsProfile.action(
        args(uploadRequest("/teams/settings", { intent: "avatar", avatar: await png(900, 300) }, cookie)),
      ),
    );
    const secondKey = (
      await db
        .selectFrom("team_members")
        .select("profile_picture")
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow()
    ).profile_picture!;
    expect(secondKey).not.toBe(firstKey);
    expect(await storage().get(firstKey)).toBeNull();
    const stored = await storage().get(secondKey);
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: "webp", width: 256 });
  });

  test("a file that is not an image, and one over 5MB, are refused with SPEC's words and change nothing", async () => {
    const { owner } = await createAgency();
    const cookie = await cookieFor(owner);
    const text = new File(["not an image"], "avatar.png", { type: "image/png" });
    const refused = await respond(async () =>
      agencyProfile.action(args(uploadRequest("/settings", { intent: "avatar", avatar: text }, cookie))),
    );
    expect(await toastOf(refused)).toMatchObject({
      title: "Invalid file type",
      description: "Please upload an image file.",
    });

    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLarge = await respond(async () =>
      agencyProfile.action(
        args(
          uploadRequest(
            "/settings",
            { intent: "logo", logo: new File([huge], "big.png", { type: "image/png" }) },
            cookie,
          ),
        ),
      ),
    );
    expect(await toastOf(tooLarge)).toMatchObject({
      title: "File too large",
      description: "Please upload an image smaller than 5MB.",
    });
    const agency = await db
      .selectFrom("agencies")
      .select(["avatar", "logo"])
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(agency).toEqual({ avatar: null, logo: null });
  });

  test("an upload refused for who asks says the model's words; only an unexpected failure says it failed", async () => {
    const admin = await createUser({ type: "ADMIN" });
    const { agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId);
    // An administrator has no profile to picture, and a team member no agency logo.
    const asAdmin = await respond(async () =>
      agencyProfile.action(
        args(uploadRequest("/settings", { intent: "avatar", avatar: await png() }, await cookieFor(admin))),
      ),
    );
    expect(await toastOf(asAdmin)).toMatchObject({ type: "error", description: "Profile not found" });
    const cookie = await cookieFor(user);
    const agencyLogo = await respond(async () =>
      teamsProfile.action(args(uploadRequest("/teams/settings", { intent: "logo", logo: await png() }, cookie))),
    );
    expect(await toastOf(agencyLogo)).toMatchObject({ type: "error", description: "Profile not found" });

    await whileWritesFail("update", "team_members", async (logged) => {
      const failed = await respond(async () =>
        teamsProfile.action(args(uploadRequest("/teams/settings", { intent: "avatar", avatar: await png() }, cookie))),
      );
      expect(await toastOf(failed)).toMatchObject({
        type: "error",
        title: "Upload failed",
        description: "Could not upload avatar. Please try again.",
      });
      expect(logged).toHaveBeenCalled();
    });
  });

  test("the agency owner uploads the agency logo, which stays apart from their avatar", async () => {
    const { owner } = await createAgency();
    const response = await respond(async () =>
      agencyProfile.action(
        args(uploadRequest("/settings", { intent: "logo", logo: await png() }, await cookieFor(owner))),
      ),
    );
    expect(await toastOf(response)).toMatchObject({ title: "Success", description: "Logo uploaded successfully." });
    const agency = await db
      .selectFrom("agencies")
      .select(["avatar", "logo"])
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(agency.logo).toMatch(/^agency-logos\//);
    expect(agency.avatar).toBeNull();
  });

  test("a team member's avatar is their own, never their agency owner's", async () => {
    const { owner, agencyId } = await createAgency();
    await db
      .updateTable("agencies")
      .set({ avatar: "avatars/0123456789abcdef0123456789abcdef.webp" })
      .where("id", "=", owner.id)
      .execute();
    const { user } = await createTeamMember(agencyId);
    expect((await actorOf(user)).avatarKey).toBeNull();
    expect((await actorOf(owner)).avatarKey).toBe("avatars/0123456789abcdef0123456789abcdef.webp");
  });
});
