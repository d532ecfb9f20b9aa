import { Form } from "@remix-run/react";
import { Alert, SubmitButton, LockIcon } from "~/components/ui";

/**
 * SPEC §4's temporary password, on a person's page: the agency gives them a login; the
 * password shows once, here, and they choose their own at their first sign-in.
 */
export function TemporaryPasswordSection({
  hasLogin,
  issued,
  error,
}: {
  hasLogin: boolean;
  issued?: { email: string; password: string } | null;
  error?: string | null;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {hasLogin
          ? "Give them a temporary password if they cannot sign in. Their current password stops working and they are signed out everywhere."
          : "They have no login yet. Give them one with a temporary password."}{" "}
        At their first sign-in at /team-login they choose their own.
      </p>
      {issued ? (
        <Alert variant="success" title="Temporary password created">
          <p>
            Share it with them now: it is shown only once. They sign in with <strong>{issued.email}</strong> and:
          </p>
          <p className="mt-2 font-mono text-base font-semibold tracking-wide" data-testid="temporary-password">
            {issued.password}
          </p>
        </Alert>
      ) : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <Form method="post">
        <SubmitButton name="intent" value="temporary-password" variant="outline" pendingText="Creating...">
          <LockIcon />
          Give a temporary password
        </SubmitButton>
      </Form>
    </div>
  );
}
