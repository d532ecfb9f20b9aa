import type { User } from "#db/schema";
import { renderMail } from "~/services/mail-layout.server";
import { sendMail } from "~/services/mail.server";

/* The account mails: what they say and where their links lead. */

export async function sendVerificationEmail(user: Pick<User, "email">, token: string, origin: string) {
  const url = `${origin}/email-verification?token=${encodeURIComponent(token)}`;
  const { html, text } = renderMail({
    heading: "Confirm your email address",
    paragraphs: [
      "Thanks for signing up. Please confirm your email address to finish setting up your account.",
      "This link works once and expires in 24 hours.",
    ],
    action: { label: "Verify email", url },
    footer: "If you did not create an account, you can ignore this email.",
  });
  await sendMail({ to: user.email, subject: "Verify your email address", html, text });
}

export async function sendPasswordResetEmail(user: Pick<User, "email">, token: string, origin: string) {
  const url = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  const { html, text } = renderMail({
    heading: "Reset your password",
    paragraphs: [
      "Someone asked to reset the password of your account. If it was you, choose a new password with this link.",
      "This link works once and expires in 1 hour. Setting a new password signs you out everywhere else.",
    ],
    action: { label: "Choose a new password", url },
    footer: "If you did not ask for this, you can ignore this email: your password stays the same.",
  });
  await sendMail({ to: user.email, subject: "Reset your password", html, text });
}
