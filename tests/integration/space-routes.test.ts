import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { removePerson } from "~/models/people.server";
import { createSpace } from "~/models/spaces.server";
import * as clientChat from "~/routes/client.chat._index";
import * as spaceLogo from "~/routes/resources.space-logo";
import * as suggestions from "~/routes/resources.search";
import * as searchPage from "~/routes/search";
import * as spacesLayout from "~/routes/spaces";
import * as space from "~/routes/spaces.$spaceId";
import * as spaceClients from "~/routes/spaces.$spaceId_.clients";
import * as spaceDelete from "~/routes/spaces.$spaceId_.delete";
import * as spaceEdit from "~/routes/spaces.$spaceId_.edit";
import * as spaceTeam from "~/routes/spaces.$spaceId_.team";
import * as newSpace from "~/routes/spaces.new";
import * as teamsSpaces from "~/routes/teams.spaces";
import { db } from "~/services/db.server";
import { storage } from "~/services/storage.server";
import { actorOf, createAgency, createClient, createTeamMember } from "#tests/support/factories";
import { call, cookieFor, getRequest, multipartRequest, postRequest, toastOf } from "#tests/support/requests";
import { whileWritesFail } from "#tests/support/faults";

/* The space pages called from the outside, as a browser would, for each user type and a foreign agency. */

async function photoWithGps(width = 1200) {
  const bytes = await sharp({ create: { width, height: width / 2, channels: 3, background: "#22aa66" } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], "office.jpg", { type: "image/jpeg" });
}

async function world() {
  const agency = await createAgency();
  const admin = await actorOf(agency.owner);
  const designer = await createTeamMember(agency.agencyId, "DESIGNER", { name: "Dana Designer" });
  const owner = await createClient(agency.agencyId, { role: "OWNER", company: "Globex", name: "Olivia Owner" });
  const employee = await createClient(agency.agencyId, { role: "EMPLOYEE", company: "Globex", name: "Eli Employee" });
  const initech = await createClient(agency.agencyId, { role: "OWNER", company: "Initech", name: "Ivan Initech" });
  const launch = await createSpace(admin, { clientOwnerId: owner.client.id, name: "Globex Launch" });
  const cookies = {
    agency: await cookieFor(agency.owner),
    designer: await cookieFor(designer.user),
    owner: await cookieFor(owner.user),
    employee: await cookieFor(employee.user),
  };
  return { agency, admin, designer, owner, employee, initech, launch, cookies };
}

const spaceRow = (id: string) => db.selectFrom("spaces").selectAll().where("id", "=", id).executeTakeFirst();

describe("the space pages admit each user type in their own shell", () => {
  test("agency, team member and client each get their own area's sidebar", async () => {
    const { cookies } = await world();
    for (const [cookie, area] of [
      [cookies.agency, "agency"],
      [cookies.designer, "teams"],
      [cookies.owner, "client"],
    ] as const) {
      const response = await call(spacesLayout.loader, getRequest("/spaces", cookie));
      expect((await response.json()).area).toBe(area);
    }
    const signedOut = await call(spacesLayout.loader, getRequest("/spaces"));
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fspaces");
  });

  test("/spaces/{id}: the header for its agency and team, the chat page for a client, not found for anyone else", async () => {
    const { launch, cookies, designer, admin } = await world();
    const other = await world();
    const params = { spaceId: launch.id };
    const asAgency = await call(space.loader, getRequest(`/spaces/${launch.id}`, cookies.agency), params);
    expect((await asAgency.json()).space).toMatchObject({
      name: "Globex Launch",
      clientOwner: { name: "Olivia Owner" },
    });

    const asClient = await call(space.loader, getRequest(`/spaces/${launch.id}`, cookies.owner), params);
    expect(asClient.headers.get("Location")).toBe(`/client/chat/${launch.id}`);

    expect((await call(space.loader, getRequest(`/spaces/${launch.id}`, cookies.designer), params)).status).toBe(404);
    await db
      .insertInto("team_member_spaces")
      .values({ space_id: launch.id, team_member_id: designer.member.id })
      .execute();
    expect((await call(space.loader, getRequest(`/spaces/${launch.id}`, cookies.designer), params)).status).toBe(200);

    expect((await call(space.loader, getRequest(`/spaces/${launch.id}`, other.cookies.agency), params)).status).toBe(
      404,
    );
    const unknown = { spaceId: crypto.randomUUID() };
    expect((await call(space.loader, getRequest("/spaces/x", cookies.agency), unknown)).status).toBe(404);
    expect(admin.agencyId).toBe(launch.agency_id);
  });

  test("My Spaces and Team Chat list a team member's and a client's spaces", async () => {
    const { launch, designer, cookies } = await world();
    await db
      .insertInto("team_member_spaces")
      .values({ space_id: launch.id, team_member_id: designer.member.id })
      .execute();
    const mine = await call(teamsSpaces.loader, getRequest("/teams/spaces", cookies.designer));
    expect((await mine.json()).spaces.items.map((s: { name: string }) => s.name)).toEqual(["Globex Launch"]);
    const chats = await call(clientChat.loader, getRequest("/client/chat", cookies.owner));
    expect((await chats.json()).spaces.items.map((s: { name: string }) => s.name)).toEqual(["Globex Launch"]);
    const none = await call(clientChat.loader, getRequest("/client/chat", cookies.employee));
    expect((await none.json()).spaces.items).toEqual([]);
    expect((await call(clientChat.loader, getRequest("/client/chat", cookies.designer))).headers.get("Location")).toBe(
      "/teams/dashboard",
    );
  });
});

describe("creating a space without JavaScript (/spaces/new)", () => {
  test("takes the logo in the same form, stored small and without its GPS position", async () => {
    const { initech, cookies } = await world();
    const response = await call(
      newSpace.action,
      multipartRequest(
        "/spaces/new",
        { clientOwnerId: initech.client.id, name: "", logoFile: await photoWithGps() },
        cookies.agency,
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/spaces");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Space created" });

    const created = await db
      .selectFrom("spaces")
      .selectAll()
      .where("client_owner_id", "=", initech.client.id)
      .executeTakeFirstOrThrow();
    expect(created.name).toBe("Initech");
    const logo = await storage().get(created.logo!);
    const metadata = await sharp(logo!.body).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 128 });
    expect(metadata.exif).toBeUndefined();
  });

  test("a failure of the database keeps the form with what was typed and SPEC's words, answered 500", async () => {
    const { initech, cookies } = await world();
    // A real failure in this file's own database: a trigger that makes every new space fail to insert.
    await whileWritesFail("insert", "spaces", async (logged) => {
      const response = await call(
        newSpace.action,
        postRequest("/spaces/new", { clientOwnerId: initech.client.id, name: "Initech Portal" }, cookies.agency),
      );
      expect(response.status).toBe(500);
      const { result } = await response.json();
      expect(result.error[""]).toEqual(["Could not create space. Please try again."]);
      expect(result.initialValue).toMatchObject({ clientOwnerId: initech.client.id, name: "Initech Portal" });
      expect(logged).toHaveBeenCalled();
    });
  });

  test("a refused form keeps what was typed and the logo already stored, which the next try uses", async () => {
    const { initech, cookies } = await world();
    const refused = await call(
      newSpace.action,
      multipartRequest(
        "/spaces/new",
        { clientOwnerId: "", name: "Initech Portal", logoFile: await photoWithGps(300) },
        cookies.agency,
      ),
    );
    expect(refused.status).toBe(400);
    const { result: reply } = await refused.json();
    expect(reply.error.clientOwnerId).toEqual(["Please choose a client owner."]);
    expect(reply.initialValue).toMatchObject({
      name: "Initech Portal",
      logo: expect.stringMatching(/^agency-logos\//),
    });

    const retried = await call(
      newSpace.action,
      postRequest(
        "/spaces/new",
        { clientOwnerId: initech.client.id, name: "Initech Portal", logo: reply.initialValue.logo },
        cookies.agency,
      ),
    );
    expect(retried.status).toBe(302);
    const created = await db
      .selectFrom("spaces")
      .select("logo")
      .where("name", "=", "Initech Portal")
      .executeTakeFirstOrThrow();
    expect(created.logo).toBe(reply.initialValue.logo);
  });

  test("is not for team members or clients, and refuses a client of another agency", async () => {
    const { initech, cookies } = await world();
    const other = await world();
    for (const cookie of [cookies.designer, cookies.owner]) {
      expect((await call(newSpace.loader, getRequest("/spaces/new", cookie))).status).toBe(404);
      const post = postRequest("/spaces/new", { clientOwnerId: initech.client.id }, cookie);
      expect((await call(newSpace.action, post)).status).toBe(404);
      const withLogo = multipartRequest(
        "/spaces/new",
        { clientOwnerId: initech.client.id, logoFile: await photoWithGps(200) },
        cookie,
      );
      expect((await call(newSpace.action, withLogo)).status).toBe(404);
    }
    const foreign = await call(
      newSpace.action,
      postRequest("/spaces/new", { clientOwnerId: initech.client.id }, other.cookies.agency),
    );
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).result.error.clientOwnerId[0]).toMatch(/OWNER role/);
    expect(
      await db.selectFrom("spaces").select("id").where("client_owner_id", "=", initech.client.id).execute(),
    ).toEqual([]);
  });
});

describe("the dialog's logo upload (/resources/space-logo)", () => {
  test("answers with the stored key and SPEC's toast", async () => {
    const { cookies } = await world();
    const response = await call(
      spaceLogo.action,
      multipartRequest("/resources/space-logo", { file: await photoWithGps() }, cookies.agency),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      key: expect.stringMatching(/^agency-logos\/[0-9a-f]{32}\.webp$/),
    });
    expect(await toastOf(response)).toMatchObject({ title: "Success", description: "Logo uploaded successfully" });
  });

  test("a form with a missing field and a refused logo says both, and keeps what was typed", async () => {
    const { cookies } = await world();
    const refused = await call(
      newSpace.action,
      multipartRequest(
        "/spaces/new",
        {
          clientOwnerId: "",
          name: "Initech Portal",
          logoFile: new File(["just text"], "logo.png", { type: "image/png" }),
        },
        cookies.agency,
      ),
    );
    expect(refused.status).toBe(400);
    const { result: reply } = await refused.json();
    expect(reply.error).toMatchObject({
      clientOwnerId: ["Please choose a client owner."],
      logo: ["Please upload an image file."],
    });
    expect(reply.initialValue).toMatchObject({ name: "Initech Portal" });
  });

  test("refuses a text file renamed .png and a 6 MB image with SPEC's toasts, storing nothing", async () => {
    const { cookies, agency } = await world();
    const renamed = await call(
      spaceLogo.action,
      multipartRequest(
        "/resources/space-logo",
        { file: new File(["just text"], "logo.png", { type: "image/png" }) },
        cookies.agency,
      ),
    );
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toEqual({ ok: false, message: "Please upload an image file." });
    expect(await toastOf(renamed)).toMatchObject({ type: "error", title: "Invalid file type" });

    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    const tooLarge = await call(
      spaceLogo.action,
      multipartRequest(
        "/resources/space-logo",
        { file: new File([huge], "big.png", { type: "image/png" }) },
        cookies.agency,
      ),
    );
    expect(await tooLarge.json()).toEqual({ ok: false, message: "Please upload an image smaller than 5MB." });
    expect(await toastOf(tooLarge)).toMatchObject({ title: "File too large" });
    const held = await db.selectFrom("pending_uploads").select("key").where("user_id", "=", agency.owner.id).execute();
    expect(held).toEqual([]);
  });

  test("is for those who may edit spaces", async () => {
    const { cookies } = await world();
    const response = await call(
      spaceLogo.action,
      multipartRequest("/resources/space-logo", { file: await photoWithGps() }, cookies.owner),
    );
    expect(response.status).toBe(404);
  });

  test("an unexpected failure of holding the logo says SPEC's words, with and without JavaScript", async () => {
    const { cookies, initech } = await world();
    await whileWritesFail("insert", "pending_uploads", async (logged) => {
      const failed = await call(
        spaceLogo.action,
        multipartRequest("/resources/space-logo", { file: await photoWithGps() }, cookies.agency),
      );
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ ok: false, message: "Could not upload logo. Please try again." });
      expect(await toastOf(failed)).toMatchObject({ type: "error", title: "Upload failed" });

      const withForm = await call(
        newSpace.action,
        multipartRequest(
          "/spaces/new",
          { clientOwnerId: initech.client.id, name: "Initech Portal", logoFile: await photoWithGps(300) },
          cookies.agency,
        ),
      );
      expect((await withForm.json()).result.error.logo).toEqual(["Could not upload logo. Please try again."]);
      expect(logged).toHaveBeenCalled();
    });
  });
});

describe("editing and deleting from the outside", () => {
  test("the agency saves the edit form and lands on the space with SPEC's toast", async () => {
    const { owner, launch, cookies } = await world();
    const params = { spaceId: launch.id };
    const page = await call(spaceEdit.loader, getRequest(`/spaces/${launch.id}/edit`, cookies.agency), params);
    expect((await page.json()).space).toMatchObject({ name: "Globex Launch", clientOwnerId: owner.client.id });

    const bad = await call(
      spaceEdit.action,
      postRequest(
        `/spaces/${launch.id}/edit`,
        { name: "G", clientOwnerId: owner.client.id, email: "nope" },
        cookies.agency,
      ),
      params,
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error).toMatchObject({
      name: ["Space name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
    });

    const saved = await call(
      spaceEdit.action,
      postRequest(
        `/spaces/${launch.id}/edit`,
        {
          name: "Globex Relaunch",
          clientOwnerId: owner.client.id,
          contactNumber: "5551234567",
          url: "https://globex.example",
        },
        cookies.agency,
      ),
      params,
    );
    expect(saved.headers.get("Location")).toBe(`/spaces/${launch.id}`);
    expect(await toastOf(saved)).toMatchObject({ title: "Success", description: "Space updated successfully" });
    expect(await spaceRow(launch.id)).toMatchObject({ name: "Globex Relaunch", contact_number: "(555) 123-4567" });
  });

  test("another agency, a team member and a client get 404 and change nothing", async () => {
    const { owner, launch, cookies } = await world();
    const other = await world();
    const params = { spaceId: launch.id };
    for (const cookie of [other.cookies.agency, cookies.designer, cookies.owner]) {
      expect((await call(spaceEdit.loader, getRequest(`/spaces/${launch.id}/edit`, cookie), params)).status).toBe(404);
      const edit = postRequest(
        `/spaces/${launch.id}/edit`,
        { name: "Hijacked", clientOwnerId: owner.client.id },
        cookie,
      );
      expect((await call(spaceEdit.action, edit, params)).status).toBe(404);
      expect((await call(spaceDelete.loader, getRequest(`/spaces/${launch.id}/delete`, cookie), params)).status).toBe(
        404,
      );
      expect(
        (await call(spaceDelete.action, postRequest(`/spaces/${launch.id}/delete`, {}, cookie), params)).status,
      ).toBe(404);
    }
    expect(await spaceRow(launch.id)).toMatchObject({ name: "Globex Launch" });
  });

  test("a refused Delete says the model's words, and only an unexpected failure says deleting failed", async () => {
    const { launch, cookies } = await world();
    const params = { spaceId: launch.id };
    const refused = await call(
      spaceDelete.action,
      postRequest(`/spaces/${launch.id}/delete`, {}, cookies.designer),
      params,
    );
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Space not found");

    await whileWritesFail("delete", "spaces", async (logged) => {
      const failed = await call(
        spaceDelete.action,
        postRequest(`/spaces/${launch.id}/delete`, {}, cookies.agency),
        params,
      );
      expect(failed.headers.get("Location")).toBe(`/spaces/${launch.id}/edit`);
      expect(await toastOf(failed)).toMatchObject({
        type: "error",
        description: "Could not delete space. Please try again.",
      });
      expect(logged).toHaveBeenCalled();
    });
    expect(await spaceRow(launch.id)).toMatchObject({ name: "Globex Launch" });
  });

  test("the agency deletes a space and goes back to the list with SPEC's toast", async () => {
    const { launch, cookies } = await world();
    const response = await call(spaceDelete.action, postRequest(`/spaces/${launch.id}/delete`, {}, cookies.agency), {
      spaceId: launch.id,
    });
    expect(response.headers.get("Location")).toBe("/spaces");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Space deleted successfully" });
    expect(await spaceRow(launch.id)).toBeUndefined();
  });
});

describe("Manage Team and Manage Clients from the outside", () => {
  test("the agency assigns and un-assigns a team member with SPEC's toasts", async () => {
    const { designer, launch, cookies } = await world();
    const params = { spaceId: launch.id };
    const path = `/spaces/${launch.id}/team`;
    const added = await call(
      spaceTeam.action,
      postRequest(path, { intent: "add", memberId: designer.member.id }, cookies.agency),
      params,
    );
    expect(await toastOf(added)).toMatchObject({ title: "Successfully assigned to space" });
    const page = await call(spaceTeam.loader, getRequest(path, cookies.agency), params);
    expect((await page.json()).assigned.map((m: { name: string }) => m.name)).toEqual(["Dana Designer"]);

    const empty = await call(spaceTeam.action, postRequest(path, { intent: "add" }, cookies.agency), params);
    expect((await empty.json()).result.error.memberId).toEqual(["Please choose someone to add."]);

    const removed = await call(
      spaceTeam.action,
      postRequest(path, { intent: "remove", memberId: designer.member.id }, cookies.agency),
      params,
    );
    expect(await toastOf(removed)).toMatchObject({ title: "Successfully removed from space" });
  });

  test("Manage Team is not found for team members, clients and another agency", async () => {
    const { designer, launch, cookies } = await world();
    const other = await world();
    const params = { spaceId: launch.id };
    const path = `/spaces/${launch.id}/team`;
    for (const cookie of [cookies.designer, cookies.owner, other.cookies.agency]) {
      expect((await call(spaceTeam.loader, getRequest(path, cookie), params)).status).toBe(404);
      const post = postRequest(path, { intent: "add", memberId: designer.member.id }, cookie);
      expect((await call(spaceTeam.action, post, params)).status).toBe(404);
    }
    expect(
      await db.selectFrom("team_member_spaces").select("space_id").where("space_id", "=", launch.id).execute(),
    ).toEqual([]);
  });

  test("a client owner adds an employee of their company, but nobody else, and cannot remove the space's owner", async () => {
    const { owner, employee, initech, launch, cookies } = await world();
    const params = { spaceId: launch.id };
    const path = `/spaces/${launch.id}/clients`;
    const page = await call(spaceClients.loader, getRequest(path, cookies.owner), params);
    expect(await page.json()).toMatchObject({ addLabel: "Add Employee", candidates: [{ id: employee.client.id }] });

    const added = await call(
      spaceClients.action,
      postRequest(path, { intent: "add", memberId: employee.client.id }, cookies.owner),
      params,
    );
    expect(await toastOf(added)).toMatchObject({ type: "success" });
    const outsider = await call(
      spaceClients.action,
      postRequest(path, { intent: "add", memberId: initech.client.id }, cookies.owner),
      params,
    );
    expect(outsider.status).toBe(404);

    const ownerRemoval = await call(
      spaceClients.action,
      postRequest(path, { intent: "remove", memberId: owner.client.id }, cookies.agency),
      params,
    );
    expect(await toastOf(ownerRemoval)).toMatchObject({
      type: "error",
      description: "The client owner stays in the space. Choose another client owner first.",
    });
    const members = await db
      .selectFrom("space_clients")
      .select("client_id")
      .where("space_id", "=", launch.id)
      .execute();
    expect(members.map((row) => row.client_id).sort()).toEqual([owner.client.id, employee.client.id].sort());
  });
});

describe("Manage Team and Manage Clients keep their page when an action fails", () => {
  test("a team member or client removed meanwhile (a stale id): SPEC's words with the reason, with JavaScript and without", async () => {
    const { admin, designer, employee, launch, cookies } = await world();
    const params = { spaceId: launch.id };
    // Another tab removes them from the agency while these pages still list them.
    await removePerson(admin, "team_member", designer.member.id);
    await removePerson(admin, "client", employee.client.id);

    for (const [route, path, memberId, reason] of [
      [spaceTeam, `/spaces/${launch.id}/team`, designer.member.id, "Team member not found"],
      [spaceClients, `/spaces/${launch.id}/clients`, employee.client.id, "Client not found"],
    ] as const) {
      for (const [intent, title] of [
        ["add", "Failed to assign to space"],
        ["remove", "Failed to remove from space"],
      ] as const) {
        // A fetcher stays on the page: the refusal's status, and the toast the page shows as it revalidates.
        const fetched = await call(route.action, postRequest(path, { intent, memberId }, cookies.agency), params);
        expect(fetched.status).toBe(404);
        expect(await toastOf(fetched)).toEqual(expect.objectContaining({ type: "error", title, description: reason }));
        // A plain form comes back to the page with it.
        const plain = await call(
          route.action,
          postRequest(path, { intent, memberId, redirectTo: path }, cookies.agency),
          params,
        );
        expect(plain.headers.get("Location")).toBe(path);
        expect(await toastOf(plain)).toEqual(expect.objectContaining({ type: "error", title, description: reason }));
        expect((await call(route.loader, getRequest(path, cookies.agency), params)).status).toBe(200);
      }
    }
  });

  test("an unexpected failure of assigning keeps the page with SPEC's words, Unknown error for its reason", async () => {
    const { designer, launch, cookies } = await world();
    const path = `/spaces/${launch.id}/team`;
    // A real failure in this file's own database: a trigger that makes every assignment fail.
    await whileWritesFail("insert", "team_member_spaces", async (logged) => {
      const response = await call(
        spaceTeam.action,
        postRequest(path, { intent: "add", memberId: designer.member.id }, cookies.agency),
        { spaceId: launch.id },
      );
      expect(response.status).toBe(500);
      // SPEC §8: the reason, or for a failure with none to tell, "Unknown error".
      expect(await toastOf(response)).toEqual(
        expect.objectContaining({ type: "error", title: "Failed to assign to space", description: "Unknown error" }),
      );
      expect(logged).toHaveBeenCalled();
    });
  });
});

describe("search from the outside", () => {
  test("the results page and the suggestions link each hit where it opens for the user", async () => {
    const { launch, cookies } = await world();
    const asAgency = await call(searchPage.loader, getRequest("/search?q=globex", cookies.agency));
    const page = await asAgency.json();
    expect(page).toMatchObject({ area: "agency", query: "globex" });
    expect(page.entries.map((entry: { title: string; href: string }) => [entry.title, entry.href])).toEqual([
      ["Globex Launch", `/spaces/${launch.id}`],
      ["Eli Employee", "/clients"],
      ["Olivia Owner", "/clients"],
    ]);

    const asClient = await call(suggestions.loader, getRequest("/resources/search?q=launch", cookies.owner));
    expect((await asClient.json()).entries).toMatchObject([
      { title: "Globex Launch", href: `/client/chat/${launch.id}` },
    ]);
    const asEmployee = await call(suggestions.loader, getRequest("/resources/search?q=launch", cookies.employee));
    expect((await asEmployee.json()).entries).toEqual([]);
  });
});
