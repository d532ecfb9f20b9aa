import { describe, expect, test, vi } from "vitest";
import * as emailVerification from "~/routes/email-verification";
import * as forgotPassword from "~/routes/forgot-password";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import * as register from "~/routes/register";
import * as resetPassword from "~/routes/reset-password";
import * as agencyDashboard from "~/routes/_agency.dashboard";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { PASSWORD, createAgency, createTeamMember, createUser, uniqueEmail } from "#tests/support/factories";
import { context, cookiesFrom, getRequest, postRequest, respond, toastOf } from "#tests/support/requests";

const args = (request: Request, clientIp?: string) => ({ request, context: context(clientIp), params: {} });

function registration(email: string, overrides: Record<string, string> = {}) {
  return {
    firstName: "Grace",
    lastName: "Hopper",
    agencyName: "Hopper & Co",
    email,
    mobileNumber: "5551234567",
    agencyUrl: "https://hopper.example",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: "on",
    ...overrides,
  };
}

/** Mails go out in the background, so wait for this one. */
async function linkFromLatestMail(to: string, path: string, after = 0) {
  const mail = await vi.waitFor(async () => {
    const mails = (await readOutbox()).filter((mail) => mail.to === to);
    if (mails.length <= after) throw new Error(`no new mail to ${to}`);
    return mails.at(-1)!;
  });
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`));
  expect(mail.html).toContain(match![0]);
  return new URL(match![0]);
}

async function signInCookie(email: string, password = PASSWORD) {
  const response = await respond(() => login.action(args(postRequest("/login", { email, password }))));
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

describe("agency sign-up", () => {
  test("creates a pending account and agency, mails a verification link and lands on /email-verification", async () => {
    const email = uniqueEmail("grace");
    const response = await respond(() => register.action(args(postRequest("/register", registration(email)))));

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/email-verification?email=${encodeURIComponent(email)}`);
    const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    const agency = await db.selectFrom("agencies").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(agency).toMatchObject({ agency_name: "Hopper & Co", first_name: "Grace", mobile_number: "(555) 123-4567" });
    await linkFromLatestMail(email, "/email-verification");
  });

  test("refuses a taken email whatever its case, keeping what was typed but the passwords", async () => {
    const { owner } = await createAgency();
    const response = await respond(() =>
      register.action(args(postRequest("/register", registration(owner.email.toUpperCase())))),
    );
    expect(response.status).toBe(400);
    const { result: body } = await response.json();
    expect(body.error[""]).toEqual(["An account with this email already exists. Please log in instead."]);
    expect(body.initialValue).toMatchObject({ firstName: "Grace", agencyName: "Hopper & Co" });
    expect(body.initialValue.password).toBeUndefined();
  });

  test("explains each invalid field in SPEC wording", async () => {
    const response = await respond(() =>
      register.action(
        args(
          postRequest(
            "/register",
            registration(uniqueEmail(), {
              agencyUrl: "hopper.example",
              password: "short",
              confirmPassword: "different",
              terms: "",
            }),
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()).result;
    expect(error.agencyUrl[0]).toMatch(/http:\/\/ or https:\/\//);
    expect(error.password).toEqual(["Password must be at least 8 characters long."]);
    expect(error.confirmPassword).toEqual(["Passwords do not match"]);
    expect(error.terms).toEqual(["Please agree to the Terms of Service and Privacy Policy."]);
  });
});

test("the sign-up page becomes an invitation when the link names who invites and their agency", async () => {
  const plain = await respond(() => register.loader(args(getRequest("/register"))));
  expect(await plain.json()).toEqual({ invitedBy: null });
  const invited = await respond(() =>
    register.loader(args(getRequest("/register?ownerName=Ada%20Lovelace&agencyName=Engines%20Ltd"))),
  );
  expect(await invited.json()).toEqual({ invitedBy: { ownerName: "Ada Lovelace", agencyName: "Engines Ltd" } });
});

describe("email verification", () => {
  test("the mailed link verifies, signs in and routes to the dashboard, once", async () => {
    const email = uniqueEmail("ver");
    await respond(() => register.action(args(postRequest("/register", registration(email)))));
    const link = await linkFromLatestMail(email, "/email-verification");

    const first = await respond(() => emailVerification.loader(args(getRequest(link.pathname + link.search))));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dashboard");
    const cookie = cookiesFrom(first);
    const dashboard = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", cookie))));
    expect(dashboard.status).toBe(200);
    expect((await dashboard.json()).firstName).toBe("Grace");

    // Opened again without the session (another browser): the link is spent, and says so by sending to log in.
    const again = await respond(() => emailVerification.loader(args(getRequest(link.pathname + link.search))));
    expect(again.headers.get("Location")).toBe("/login");
  });

  test("an expired link does not verify", async () => {
    const email = uniqueEmail("exp");
    await respond(() => register.action(args(postRequest("/register", registration(email)))));
    const link = await linkFromLatestMail(email, "/email-verification");
    await db
      .updateTable("verification_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();

    const response = await respond(() => emailVerification.loader(args(getRequest(link.pathname + link.search))));
    expect(response.status).toBe(200);
    expect((await response.json()).linkProblem).toMatch(/invalid, already used or expired/);
    const user = await db.selectFrom("users").select("email_verified_at").where("email", "=", email).executeTakeFirst();
    expect(user?.email_verified_at).toBeNull();
  });

  test("resending mails a new link that replaces the old one; an empty email is refused in SPEC wording", async () => {
    const email = uniqueEmail("re");
    await respond(() => register.action(args(postRequest("/register", registration(email)))));
    const oldLink = await linkFromLatestMail(email, "/email-verification");

    const resent = await respond(() =>
      emailVerification.action(args(postRequest("/email-verification", { intent: "resend", email }))),
    );
    expect(resent.status).toBe(302);
    expect(await toastOf(resent)).toMatchObject({ title: "Verification email sent" });
    // From the login page's "Resend verification email", SPEC §8's other success toast.
    const fromLogin = await respond(() =>
      emailVerification.action(args(postRequest("/email-verification", { intent: "resend", from: "login", email }))),
    );
    expect(await toastOf(fromLogin)).toMatchObject({ title: "Confirmation email sent" });
    const newLink = await linkFromLatestMail(email, "/email-verification", 2);
    expect(newLink.href).not.toBe(oldLink.href);
    const old = await respond(() => emailVerification.loader(args(getRequest(oldLink.pathname + oldLink.search))));
    expect(old.status).toBe(200);

    const empty = await respond(() =>
      emailVerification.action(args(postRequest("/email-verification", { intent: "resend", email: "" }))),
    );
    expect(empty.status).toBe(400);
    expect((await empty.json()).notice).toEqual({
      title: "Email required",
      message: "Please enter your email address to resend the verification link.",
    });
  });

  test("verifying ends the session made at sign-up, so whoever registered with the address is out", async () => {
    const email = uniqueEmail("hijack");
    const signUp = await respond(() => register.action(args(postRequest("/register", registration(email)))));
    const registrantCookie = cookiesFrom(signUp);
    const link = await linkFromLatestMail(email, "/email-verification");

    // The address's owner follows the link in their own browser.
    const verified = await respond(() => emailVerification.loader(args(getRequest(link.pathname + link.search))));
    expect(verified.headers.get("Location")).toBe("/dashboard");
    const registrant = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", registrantCookie))));
    expect(registrant.headers.get("Location")).toMatch(/^\/login/);
  });

  test("a link for another account does not swap the account this browser is signed in to", async () => {
    const { owner } = await createAgency({ firstName: "Victoria" });
    const victimCookie = await signInCookie(owner.email);
    const attackerEmail = uniqueEmail("attacker");
    await respond(() => register.action(args(postRequest("/register", registration(attackerEmail)))));
    const link = await linkFromLatestMail(attackerEmail, "/email-verification");

    const response = await respond(() =>
      emailVerification.loader(args(getRequest(link.pathname + link.search, victimCookie))),
    );
    expect(response.headers.get("Location")).toBe("/dashboard");
    const stillVictim = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", victimCookie))));
    expect((await stillVictim.json()).firstName).toBe("Victoria");
  });

  test("an absurdly long email is refused with a message, not an error page", async () => {
    const response = await respond(() =>
      emailVerification.action(
        args(postRequest("/email-verification", { intent: "resend", email: `${"a".repeat(3200)}@example.test` })),
      ),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).notice.title).toBe("Invalid email");
  });

  test("the manual button says Not logged in without a session", async () => {
    const response = await respond(() =>
      emailVerification.action(args(postRequest("/email-verification", { intent: "continue" }))),
    );
    expect(response.status).toBe(401);
    expect((await response.json()).notice.title).toBe("Not logged in");
  });
});

describe("sign-in", () => {
  test("a wrong password and an unknown email get the same answer", async () => {
    const { owner } = await createAgency();
    for (const fields of [
      { email: owner.email, password: "wrong password" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const response = await respond(() => login.action(args(postRequest("/login", fields))));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.result.error[""]).toEqual([
        "Invalid email or password. Please check your credentials and try again.",
      ]);
    }
  });

  test("an unverified account is told to confirm its email and offered a resend", async () => {
    const user = await createUser({ verified: false });
    const response = await respond(() =>
      login.action(args(postRequest("/login", { email: user.email, password: PASSWORD }))),
    );
    const body = await response.json();
    expect(body.result.error[""][0]).toMatch(/^Your email has not been confirmed yet/);
    expect(body.code).toBe("email-unverified");
    expect(body.result.initialValue.email).toBe(user.email);
  });

  test("follows a local redirectTo and ignores a forged one", async () => {
    const { owner } = await createAgency();
    const local = await respond(() =>
      login.action(args(postRequest("/login", { email: owner.email, password: PASSWORD, redirectTo: "/spaces?x=1" }))),
    );
    expect(local.headers.get("Location")).toBe("/spaces?x=1");
    for (const forged of ["https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example"]) {
      const response = await respond(() =>
        login.action(args(postRequest("/login", { email: owner.email, password: PASSWORD, redirectTo: forged }))),
      );
      expect(response.headers.get("Location")).toBe("/dashboard");
    }
  });

  test("each sign-in gets a session of its own, and signing one out leaves the other", async () => {
    const { owner } = await createAgency();
    const laptop = await signInCookie(owner.email);
    const phone = await signInCookie(owner.email);
    expect(phone).not.toBe(laptop);
    await respond(() => logout.action(args(postRequest("/logout", {}, laptop))));
    const onPhone = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", phone))));
    expect(onPhone.status).toBe(200);
  });

  test("a signed-in user who opens /login goes to their dashboard", async () => {
    const { owner } = await createAgency();
    const cookie = await signInCookie(owner.email);
    const response = await respond(() => login.loader(args(getRequest("/login", cookie))));
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  test("a flood of attempts on one account is stopped with a clear message, from any address", async () => {
    const { owner } = await createAgency();
    let last: Response | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await respond(() =>
        login.action(
          args(postRequest("/login", { email: owner.email, password: "guess" + attempt }), `198.51.100.${attempt}`),
        ),
      );
    }
    expect(last!.status).toBe(429);
    expect((await last!.json()).result.error[""][0]).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    // Even the right password is refused until the window passes.
    const right = await respond(() =>
      login.action(args(postRequest("/login", { email: owner.email, password: PASSWORD }))),
    );
    expect(right.status).toBe(429);
  });
});

test("a flood from one address is stopped, while other addresses still sign in", async () => {
  const { owner } = await createAgency();
  let last: Response | undefined;
  for (let attempt = 0; attempt < 31; attempt++) {
    last = await respond(() =>
      login.action(args(postRequest("/login", { email: uniqueEmail("probe"), password: "guess" }), "192.0.2.50")),
    );
  }
  expect(last!.status).toBe(429);
  const elsewhere = await respond(() =>
    login.action(args(postRequest("/login", { email: owner.email, password: PASSWORD }), "192.0.2.51")),
  );
  expect(elsewhere.status).toBe(302);
});

test("an office behind one address: 40 right sign-ins all get in beside 31 wrong ones, the last of which is refused", async () => {
  const { agencyId } = await createAgency();
  const office = await Promise.all(Array.from({ length: 40 }, () => createTeamMember(agencyId)));
  const attempt = (email: string, password: string) =>
    respond(() => login.action(args(postRequest("/login", { email, password }), "192.0.2.80")));

  for (const [index, { user }] of office.entries()) {
    const right = await attempt(user.email, PASSWORD);
    expect(right.status, `sign-in ${index + 1}`).toBe(302);
    expect(right.headers.get("Location")).toBe("/teams/dashboard");
    // Typos among them: 30 within 15 minutes are still answered as a wrong password.
    if (index >= 10) expect((await attempt(user.email, "typo" + index)).status).toBe(400);
  }
  const wrong = await attempt(office[0].user.email, "one typo too many");
  expect(wrong.status).toBe(429);
  expect((await wrong.json()).result.error[""][0]).toMatch(
    /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
  );
});

describe("sign-out", () => {
  test("ends the session on the server, so the old cookie no longer works", async () => {
    const { owner } = await createAgency();
    const cookie = await signInCookie(owner.email);
    const out = await respond(() => logout.action(args(postRequest("/logout", {}, cookie))));
    expect(out.headers.get("Location")).toBe("/login");
    const after = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", cookie))));
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });
});

describe("password reset", () => {
  test("answers the same for unknown emails and mails nothing", async () => {
    const response = await respond(() =>
      forgotPassword.action(args(postRequest("/forgot-password", { email: "nobody@example.test" }))),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).sentTo).toBe("nobody@example.test");
    expect((await readOutbox()).filter((mail) => mail.to === "nobody@example.test")).toEqual([]);
  });

  test("the mailed link sets a new password once and signs out every session", async () => {
    const { owner } = await createAgency();
    const oldSession = await signInCookie(owner.email);
    await respond(() => forgotPassword.action(args(postRequest("/forgot-password", { email: owner.email }))));
    const link = await linkFromLatestMail(owner.email, "/reset-password");
    const token = link.searchParams.get("token")!;

    const form = await respond(() => resetPassword.loader(args(getRequest(link.pathname + link.search))));
    expect(await form.json()).toEqual({ token, valid: true });
    const reset = await respond(() =>
      resetPassword.action(
        args(
          postRequest("/reset-password", {
            token,
            password: "a brand new secret",
            confirmPassword: "a brand new secret",
          }),
        ),
      ),
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login");

    const stale = await respond(() => agencyDashboard.loader(args(getRequest("/dashboard", oldSession))));
    expect(stale.headers.get("Location")).toMatch(/^\/login/);
    await signInCookie(owner.email, "a brand new secret");
    const oldPassword = await respond(() =>
      login.action(args(postRequest("/login", { email: owner.email, password: PASSWORD }))),
    );
    expect(oldPassword.status).toBe(400);

    const reused = await respond(() =>
      resetPassword.action(
        args(
          postRequest("/reset-password", { token, password: "another secret!", confirmPassword: "another secret!" }),
        ),
      ),
    );
    expect(reused.status).toBe(400);
    expect((await reused.json()).result.error[""][0]).toMatch(/invalid, already used or expired/);
  });
});
