import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui";

/** The login page's resend (SPEC §8: "Confirmation email sent"); the verification page answers it. */
export function ResendVerificationButton({ email, className }: { email: string; className?: string }) {
  return (
    <Form method="post" action="/email-verification" className={className}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="from" value="login" />
      <input type="hidden" name="email" value={email} />
      <SubmitButton variant="outline" size="sm" pendingText="Sending...">
        Resend verification email
      </SubmitButton>
    </Form>
  );
}
