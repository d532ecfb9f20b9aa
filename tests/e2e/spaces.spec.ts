import sharp from "sharp";
import type { Page } from "@playwright/test";
import {
  createWorld,
  disclosure,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTitleAndDescription,
  signInAs,
  test,
} from "./support/fixtures";

/*
 * Spaces end to end, with JavaScript (dialogs, uploads ahead of the form, suggestions)
 * and without (pages, multipart forms, the results page).
 */

async function logoFile(color: string) {
  const buffer = await sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: "logo.png", mimeType: "image/png", buffer };
}

/** Chooses the logo: with JavaScript through Upload Logo / Change Logo (uploaded at once), without it as the form's file input. */
async function chooseLogo(page: Page, javaScriptEnabled: boolean | undefined, color: string) {
  const file = await logoFile(color);
  if (!javaScriptEnabled) {
    await page.getByLabel("Company Logo").setInputFiles(file);
    return;
  }
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /Upload Logo|Change Logo/ }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText("Logo uploaded successfully")).toBeVisible();
  await expect(page.getByRole("img", { name: "Logo preview" })).toBeVisible();
}

const spaceCard = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

test(
  "the agency creates a space for a client owner, with a logo",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page, {
      clients: [
        { name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" },
        { name: "Sam Rivera", company: "Northwind Traders", role: "EMPLOYEE" },
      ],
    });
    await signInAs(page, world.owner.email);
    await page.goto("/spaces");
    await expect(page.getByRole("heading", { name: "Spaces", level: 1 })).toBeVisible();
    await expect(page.getByText("Manage your client spaces and communications")).toBeVisible();
    await expect(page.getByText("No spaces yet")).toBeVisible();

    await page.getByRole("link", { name: "New Space" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("dialog", { name: "Create New Space" })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/spaces\/new$/);
    }
    await expect(page.getByText("Add a new space and assign it to a client owner.")).toBeVisible();
    await expectAccessible(page);
    // Only OWNER clients can own a space.
    await expect(page.getByLabel("Client Owner").locator("option")).toHaveText([
      "Select a client owner",
      "Olivia Chen (Northwind Traders)",
    ]);

    // Refused without an owner; the form stays (open) with the reason.
    await page.getByRole("button", { name: "Create Space" }).click();
    await expect(page.getByText("Please choose a client owner.")).toBeVisible();

    await page.getByLabel("Client Owner").selectOption({ label: "Olivia Chen (Northwind Traders)" });
    if (javaScriptEnabled) {
      await expect(page.getByLabel("Company Name")).toHaveValue("Northwind Traders");
      await expect(page.getByLabel("Company Name")).toHaveAttribute("readonly", "");
    }
    await chooseLogo(page, javaScriptEnabled, "#1d4ed8");
    await page.getByRole("button", { name: "Create Space" }).click();

    await expect(page).toHaveURL(/\/spaces$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByText("Space created", { exact: true })).toBeVisible();
    const card = spaceCard(page, "Northwind Traders");
    await expect(card).toBeVisible();
    await expect(card.getByText(world.clients[0].email)).toBeVisible();
    await expect(card.getByText("0 team members")).toBeVisible();
    await expect(card.getByText("1 client")).toBeVisible();
    await expect(card.locator('img[src^="/images/agency-logos/"]')).toBeVisible();

    // The dashboard counts it and shows it in Recent Activity.
    await page.goto("/dashboard");
    await expect(page.getByText("Total Spaces").locator("..")).toContainText("1");
    await expect(page.getByText("Grace Owner created the space Northwind Traders")).toBeVisible();

    // The client owner takes part from the start.
    await page.context().clearCookies();
    await signInAs(page, world.clients[0].email);
    await page.goto("/client/chat");
    await expect(page.getByRole("heading", { name: "Northwind Traders" })).toBeVisible();
  },
);

test(
  "a file that only looks like an image is refused with SPEC's words, and the form keeps what was typed",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Website", clients: [0] }],
    });
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${world.spaces[0].id}/edit`);
    await page.getByLabel("Space name").fill("Northwind Portal");
    const notAnImage = { name: "logo.png", mimeType: "image/png", buffer: Buffer.from("just some text") };
    if (javaScriptEnabled) {
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Upload Logo" }).click();
      await (await chooser).setFiles(notAnImage);
      await expect(page.getByRole("alert").filter({ hasText: "Invalid file type" })).toBeVisible();
    } else {
      await page.getByLabel("Company Logo").setInputFiles(notAnImage);
      await page.getByRole("button", { name: "Save Changes" }).click();
    }
    await expect(page.getByText("Please upload an image file.").first()).toBeVisible();
    await expect(page.getByLabel("Space name")).toHaveValue("Northwind Portal");
  },
);

test(
  "the agency edits a space and replaces its logo; Cancel goes back to the space",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page, {
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Website", clients: [0] }],
    });
    const [space] = world.spaces;
    await signInAs(page, world.owner.email);
    await page.goto("/spaces");
    await disclosure(spaceCard(page, "Northwind Website")).click();
    await page.getByRole("link", { name: "Edit Space" }).click();
    await expect(page).toHaveURL(`/spaces/${space.id}/edit`);
    await expect(page.getByRole("heading", { name: "Edit Space" })).toBeVisible();
    await expect(page.getByText("Modify space settings and information")).toBeVisible();

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`/spaces/${space.id}`);
    await page.getByRole("link", { name: "Edit Space" }).click();

    await page.getByLabel("Space name").fill("N");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Space name must be at least 2 characters.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");

    await page.getByLabel("Space name").fill("Northwind Relaunch");
    await page.getByLabel("Client Owner").selectOption({ label: "Olivia Chen (Northwind Traders)" });
    await page.getByLabel("Email").fill("hello@northwind.example");
    await page.getByLabel("Contact number").fill("5551234567");
    await page.getByLabel("Website").fill("https://northwind.example");
    await chooseLogo(page, javaScriptEnabled, "#059669");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page).toHaveURL(`/spaces/${space.id}`);
    await expect(page.getByText("Space updated successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Northwind Relaunch", level: 1 })).toBeVisible();
    const clientOwner = page.getByRole("heading", { name: "Client Owner" }).locator("..");
    await expect(clientOwner.getByText("Olivia Chen")).toBeVisible();
    await expect(page.getByRole("link", { name: "(555) 123-4567" })).toBeVisible();
    const logo = page.locator('main img[src^="/images/agency-logos/"]').first();
    await expect(logo).toBeVisible();
    const firstLogo = await logo.getAttribute("src");

    // Replacing the logo: the new one shows, the old file is gone from storage.
    await page.goto(`/spaces/${space.id}/edit`);
    await chooseLogo(page, javaScriptEnabled, "#dc2626");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Space updated successfully")).toBeVisible();
    await expect(page.locator('main img[src^="/images/agency-logos/"]').first()).not.toHaveAttribute("src", firstLogo!);
    expect((await page.request.get(firstLogo!)).status()).toBe(404);
  },
);

test("the agency assigns a team member, who then sees the space, as does its client", async ({ page }) => {
  const world = await createWorld(page, {
    teamMembers: [{ name: "Maya Patel", role: "ACCOUNT_MANAGER" }],
    clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
    spaces: [{ name: "Northwind Website", clients: [0] }],
  });
  const [space] = world.spaces;
  await signInAs(page, world.owner.email);
  await page.goto("/spaces");
  await disclosure(spaceCard(page, "Northwind Website")).click();
  await page.getByRole("link", { name: "Manage Team" }).click();
  await expect(page.getByRole("heading", { name: "Manage Team for Northwind Website" })).toBeVisible();
  await expect(page.getByText("No team members assigned to this space yet.")).toBeVisible();

  await page.getByLabel("Choose a team member").selectOption({ label: `Maya Patel (${world.teamMembers[0].email})` });
  await page.getByRole("button", { name: "Assign Team Member" }).click();
  await expect(page.getByText("Successfully assigned to space")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Maya Patel" })).toBeVisible();

  await page.goto("/spaces");
  await expect(spaceCard(page, "Northwind Website").getByText("1 team member")).toBeVisible();

  // The team member finds it in My Spaces and enters it in their own shell.
  await page.context().clearCookies();
  await signInAs(page, world.teamMembers[0].email);
  await page.goto("/teams/spaces");
  await expect(page.getByRole("heading", { name: "My Spaces" })).toBeVisible();
  await spaceCard(page, "Northwind Website")
    .getByRole("link", { name: /Enter Space/ })
    .click();
  await expect(page).toHaveURL(`/spaces/${space.id}`);
  await expect(page.getByRole("heading", { name: "Northwind Website", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Spaces" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Space" })).toHaveCount(0);

  // The client finds it in Team Chat, and /spaces/{id} sends them to their chat.
  await page.context().clearCookies();
  await signInAs(page, world.clients[0].email);
  await page.goto("/client/chat");
  await expect(page.getByRole("link", { name: /Enter Chat/ })).toHaveAttribute("href", `/client/chat/${space.id}`);
  await page.goto("/spaces");
  await expect(page.getByText("View your assigned spaces and communications")).toBeVisible();
  await expect(disclosure(spaceCard(page, "Northwind Website"))).toHaveCount(0);
});

test(
  "search finds a space and its people, with suggestions while typing when JavaScript runs",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page, {
      teamMembers: [{ name: "Maya Patel" }],
      clients: [{ name: "Olivia Chen", company: "Quokka Labs", role: "OWNER" }],
      spaces: [{ name: "Quokka Rebrand", teamMembers: [0], clients: [0] }],
    });
    const [space] = world.spaces;
    await signInAs(page, world.teamMembers[0].email);
    await page.goto("/teams/dashboard");
    const box = page.getByRole("search").getByRole("combobox", { name: "Search" });
    if (javaScriptEnabled) {
      await box.fill("quokka");
      const suggestion = page.getByRole("option", { name: /Quokka Rebrand/ });
      await expect(suggestion).toBeVisible();
      await expect(page.getByRole("option", { name: /Olivia Chen/ })).toBeVisible();
      await suggestion.click();
      await expect(page).toHaveURL(`/spaces/${space.id}`);
      await box.fill("quokka");
      await expect(page.getByRole("option", { name: /Quokka Rebrand/ })).toBeVisible();
    } else {
      await box.fill("quokka");
    }
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=quokka$/);
    await expect(page.getByRole("heading", { name: "Search" })).toBeVisible();
    await expect(page.getByText("Results for “quokka”")).toBeVisible();
    await page.getByRole("link", { name: /Quokka Rebrand/ }).click();
    await expect(page).toHaveURL(`/spaces/${space.id}`);

    await page.goto("/search?q=nothing-like-this");
    await expect(page.getByText("Nothing matches “nothing-like-this”")).toBeVisible();
  },
);

test(
  "the agency deletes a space after confirming, from the card menu",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page, { spaces: [{ name: "Short Lived" }, { name: "Staying Put" }] });
    await signInAs(page, world.owner.email);
    await page.goto("/spaces");
    await disclosure(spaceCard(page, "Short Lived")).click();
    await page.getByRole("link", { name: "Delete Space" }).click();
    if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Delete Space" })).toBeVisible();
    else await expect(page).toHaveURL(`/spaces/${world.spaces[0].id}/delete`);
    await expect(page.getByText("This action cannot be undone.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete Space" }).click();

    await expect(page).toHaveURL(/\/spaces$/);
    await expect(page.getByText("Space deleted successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Short Lived" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Staying Put" })).toBeVisible();
    await page.goto(`/spaces/${world.spaces[0].id}`);
    await expect(page.getByRole("heading", { name: "Space not found" })).toBeVisible();
  },
);

test("New Space waits for a client owner, and another agency's space is not found", async ({ page }) => {
  const world = await createWorld(page, { spaces: [{ name: "Ours" }] });
  const other = await createWorld(page, { spaces: [{ name: "Theirs" }] });
  await signInAs(page, world.owner.email);
  await page.goto("/spaces");
  const newSpace = page.getByRole("button", { name: "New Space" });
  await expect(newSpace).toHaveAttribute("aria-disabled", "true");
  await expect(newSpace).toHaveAccessibleDescription("You need to add a client owner first");
  await page.goto("/spaces/new");
  await expect(
    page.getByText(
      "You need to add a client with OWNER role first before creating a space. Please go to the Clients page and add a client with OWNER role.",
    ),
  ).toBeVisible();

  for (const path of ["", "/edit", "/team", "/clients", "/delete"]) {
    const response = await page.goto(`/spaces/${other.spaces[0].id}${path}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Space not found" })).toBeVisible();
  }
});

test("a client owner adds an employee of their company to their space", { tag: "@no-js" }, async ({ page }) => {
  const world = await createWorld(page, {
    clients: [
      { name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" },
      { name: "Sam Rivera", company: "Northwind Traders" },
      { name: "Nora Blake", company: "Globex" },
    ],
    spaces: [{ name: "Northwind Website", clients: [0] }],
  });
  await signInAs(page, world.clients[0].email);
  await page.goto("/spaces");
  await page.getByRole("link", { name: "Employees of Northwind Website" }).click();
  await expect(page).toHaveURL(`/spaces/${world.spaces[0].id}/clients`);
  await expect(page.getByRole("heading", { name: "Employees of Northwind Website" })).toBeVisible();
  await expect(page.getByLabel("Choose an employee").locator("option")).toHaveText([
    "Choose an employee...",
    "Sam Rivera (Northwind Traders)",
  ]);
  await page.getByLabel("Choose an employee").selectOption({ label: "Sam Rivera (Northwind Traders)" });
  await page.getByRole("button", { name: "Add Employee" }).click();
  await expect(page.getByText("Successfully assigned to space")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Sam Rivera" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Sam Rivera" }).click();
  await expect(page.getByText("Successfully removed from space")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Sam Rivera" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove Olivia Chen" })).toHaveCount(0);
});

/*
 * Each page a person of the space sees, with a title, a description, and no serious
 * accessibility violations at desktop width and at 390px; in three tests, so that the
 * workers share the axe runs.
 */
const spacePages: Array<{
  who: string;
  visits: Array<[person: "owner" | "team" | "client", path: string, title: RegExp]>;
}> = [
  {
    who: "the agency's lists",
    visits: [
      ["owner", "/spaces", /Spaces/],
      ["owner", "/spaces/new", /Create New Space/],
      ["owner", "/search?q=north", /Search: north/],
    ],
  },
  {
    who: "one space, for the agency",
    visits: [
      ["owner", "/spaces/{id}", /Northwind Website/],
      ["owner", "/spaces/{id}/edit", /Edit Northwind Website/],
      ["owner", "/spaces/{id}/team", /Manage Team for Northwind Website/],
    ],
  },
  {
    who: "the rest, and the team member's and client's lists",
    visits: [
      ["owner", "/spaces/{id}/clients", /Clients of Northwind Website/],
      ["owner", "/spaces/{id}/delete", /Delete Northwind Website/],
      ["team", "/teams/spaces", /My Spaces/],
      ["client", "/client/chat", /Team Chat/],
    ],
  },
];

for (const { who, visits } of spacePages) {
  test(`the space pages (${who}) have titles, descriptions and no serious accessibility violations, at 390px too`, async ({
    page,
  }) => {
    // Each page is checked by axe at two widths.
    test.setTimeout(90_000);
    const world = await createWorld(page, {
      teamMembers: [{ name: "Maya Patel" }],
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Website", teamMembers: [0], clients: [0] }],
    });
    const emails = { owner: world.owner.email, team: world.teamMembers[0].email, client: world.clients[0].email };
    let signedIn = "";
    for (const [person, path, title] of visits) {
      if (emails[person] !== signedIn) {
        await page.context().clearCookies();
        await signInAs(page, emails[person]);
        signedIn = emails[person];
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path.replace("{id}", world.spaces[0].id));
      await expectTitleAndDescription(page, title);
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
    }
  });
}

test(
  "Manage Team keeps its page when a team member was removed in another tab meanwhile",
  { tag: "@no-js" },
  async ({ page }) => {
    const world = await createWorld(page, {
      teamMembers: [
        { name: "Maya Patel", role: "ACCOUNT_MANAGER" },
        { name: "Dan Designer", role: "DESIGNER" },
      ],
      clients: [{ name: "Olivia Chen", company: "Northwind Traders", role: "OWNER" }],
      spaces: [{ name: "Northwind Website", teamMembers: [0], clients: [0] }],
    });
    const [maya, dan] = world.teamMembers;
    await signInAs(page, world.owner.email);
    await page.goto(`/spaces/${world.spaces[0].id}/team`);
    await expect(page.getByRole("listitem").filter({ hasText: "Maya Patel" })).toBeVisible();

    const heading = page.getByRole("heading", { name: "Manage Team for Northwind Website" });
    // Another tab removes them from the team while this page still lists them.
    const removeInAnotherTab = async (member: { id: string }) => {
      const other = await page.context().newPage();
      await other.goto(`/team/${member.id}`);
      await other.getByRole("button", { name: "Remove Member" }).click();
      await expect(other.getByText("Team member removed successfully")).toBeVisible();
      await other.close();
    };

    await removeInAnotherTab(dan);
    await page.getByLabel("Choose a team member").selectOption({ label: `Dan Designer (${dan.email})` });
    await page.getByRole("button", { name: "Assign Team Member" }).click();
    await expect(page.getByText("Failed to assign to space")).toBeVisible();
    await expect(page.getByText("Team member not found")).toBeVisible();
    await expect(heading).toBeVisible();

    await removeInAnotherTab(maya);
    await page.getByRole("button", { name: "Remove Maya Patel" }).click();
    await expect(page.getByText("Failed to remove from space")).toBeVisible();
    await expect(heading).toBeVisible();

    await page.goto(`/spaces/${world.spaces[0].id}/team`);
    await expect(page.getByText("No team members assigned to this space yet.")).toBeVisible();
  },
);

test(
  "a new agency's empty Spaces page says a client owner comes first and invites one from there",
  { tag: "@no-js" },
  async ({ page, javaScriptEnabled }) => {
    const world = await createWorld(page);
    await signInAs(page, world.owner.email);
    await page.goto("/spaces");
    await expect(page.getByRole("heading", { name: "No spaces yet" })).toBeVisible();
    await expect(
      page.getByText(/You need to add a client owner first: a space belongs to a client owner\./),
    ).toBeVisible();

    await page.getByRole("link", { name: "Invite Client", exact: true }).click();
    const form = javaScriptEnabled ? page.getByRole("dialog", { name: "Invite Client" }) : page;
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/invitations\/new\?kind=client$/);
    await expect(form.getByLabel("Role")).toHaveValue("OWNER");
    await form.getByLabel(/^Email/).fill("first-owner@e2e.test");
    await form.getByRole("button", { name: "Generate Invite Link" }).click();
    await expect(form.getByText("Invitation Link Generated")).toBeVisible();
    await expect(form.getByLabel("Invitation link")).toHaveValue(/\/client-register\?invitation_id=/);
  },
);
