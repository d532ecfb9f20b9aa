import { generateTOTP } from "@epic-web/totp";
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "~/models/two-factor.server";
import { db } from "~/services/db.server";
import { actorOf } from "./factories";

/* Two-factor sign-in for the tests, as a person with an authenticator app sets it up. */

/** The code an authenticator app shows now for this user's secret. */
export async function codeFor(userId: string) {
  const { secret } = await db
    .selectFrom("two_factor")
    .select("secret")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

/** Turns two-factor sign-in on for the user; returns the recovery codes. */
export async function withTwoFactor(user: { id: string }) {
  const actor = await actorOf(user);
  await beginTwoFactorSetup(actor);
  const codes = await confirmTwoFactorSetup(actor, await codeFor(user.id));
  // The confirmation used this time step's code; sign-ins need the next one.
  await db.updateTable("two_factor").set({ last_used_step: 0 }).where("user_id", "=", user.id).execute();
  return codes;
}
