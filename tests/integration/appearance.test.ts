import { describe, expect, test } from "vitest";
import { loadActor } from "~/models/actors.server";
import * as root from "~/root";
import * as teamProfile from "~/routes/teams.settings._index";
import { createAgency, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, postRequest, toastOf } from "#tests/support/requests";

/* Issue 21's Appearance setting: System, Light or Dark, kept with the account and drawn from the first answer. */

describe("the Appearance setting", () => {
  test("starts at System; Dark is kept and the page is drawn dark; anything else is refused and nothing changes", async () => {
    const { agencyId } = await createAgency();
    const { user } = await createTeamMember(agencyId, "DESIGNER", { name: "Dana Designer" });
    const cookie = await cookieFor(user);
    const theme = async () => (await (await call(root.loader, getRequest("/teams/settings", cookie))).json()).theme;
    const post = (value: string) =>
      call(teamProfile.action, postRequest("/teams/settings", { intent: "theme", theme: value }, cookie));

    expect(await theme()).toBe("system");
    const saved = await post("dark");
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({
      title: "Appearance updated",
      description: "The interface is now dark.",
    });
    expect(await theme()).toBe("dark");

    const refused = await post("purple");
    expect(refused.status).toBe(400);
    expect((await refused.json()).result.error.theme).toEqual(["Choose System, Light or Dark."]);
    expect((await loadActor(user.id))?.theme).toBe("dark");
  });
});
