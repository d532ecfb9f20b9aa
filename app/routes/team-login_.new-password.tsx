import { getFormProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { SubmitButton } from "~/components/ui";
import { NewPasswordFields } from "~/components/ui/password-input";
import { NewPasswordSchema } from "~/shared/auth.schemas";
import { homePath } from "~/models/policy.server";
import { replaceTemporaryPassword } from "~/models/temporary-passwords.server";
import { signOut } from "~/web/auth.server";
import { formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared";
import { readForm } from "~/web/request.server";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

/* SPEC §4, §2.5: after signing in with a temporary password, the person sets their own, then logs in at /team-login. */

export const meta: MetaFunction = () =>
  pageMeta("Choose your password", "Replace the temporary password your agency gave you with your own.");

async function requireTemporaryPassword(request: Request) {
  const actor = await requireActor(request);
  if (!actor.mustChangePassword) throw redirect(homePath(actor.type));
  return actor;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTemporaryPassword(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireTemporaryPassword(request);
  return formAction(await readForm(request), {
    schema: NewPasswordSchema,
    hideFields: ["password", "confirmPassword"],
    run: async ({ password }) => {
      await replaceTemporaryPassword(actor, password);
      return signOut(request, {
        redirectTo: "/team-login",
        toast: {
          type: "success",
          title: "Password updated",
          description: "Your password has been successfully updated. You can now log in with your new password.",
        },
      });
    },
  });
}

export default function NewPassword() {
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof NewPasswordSchema>>({
    id: "new-password",
    lastResult,
    constraint: FORM_CONSTRAINTS.NewPasswordSchema,
  });
  return (
    <AuthCard
      title="Choose your password"
      description="You signed in with a temporary password. Choose your own before you continue."
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton className="w-full" pendingText="Saving...">
          Set password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
