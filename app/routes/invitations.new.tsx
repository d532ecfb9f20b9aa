import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type InviteAnswer, pageMeta, personPath } from "~/shared";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InviteForm } from "~/components/invitations/invite-form";
import { Card } from "~/components/ui";
import { InviteSchema } from "~/shared/invitation.schemas";
import { createInvitation, inviteOptions } from "~/models/inviting.server";
import { expectPermitted } from "~/web/errors.server";
import { formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { appOrigin } from "~/models/site.server";

/* The invite dialog as a page: where its button leads without JavaScript, and where the dialog posts. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.title ?? "Invite",
    "Make an invitation link for a team member or a client, and email it to them if you like.",
  );

const kindOf = (request: Request) => (new URL(request.url).searchParams.get("kind") === "team" ? "team" : "client");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const kind = kindOf(request);
  const share = kind === "client" && new URL(request.url).searchParams.has("share");
  const options = await expectPermitted(inviteOptions(actor, kind));
  const title = share
    ? "Share Invite Link"
    : kind === "team"
      ? "Add Team Member"
      : actor.type === "CLIENT"
        ? "Invite Employee"
        : "Invite Client";
  return { options, title, share, doneHref: personPath(actor.type, kind === "team" ? "team_member" : "client") };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  return formAction(await readForm(request), {
    schema: InviteSchema,
    failure: "Failed to create invitation. Please try again.",
    run: async (value, submission) => {
      const created = await createInvitation(actor, value, { origin: appOrigin() });
      return { result: submission.reply({ resetForm: true }), created } satisfies InviteAnswer;
    },
  });
}

export default function NewInvitation() {
  const { options, title, share, doneHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Make a link that invites them; it works once and expires in 7 days.
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        <InviteForm options={options} actionData={actionData} doneHref={doneHref} share={share} />
      </Card>
    </div>
  );
}
