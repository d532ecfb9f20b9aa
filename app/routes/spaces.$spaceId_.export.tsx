import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SpaceNotFound } from "~/components/spaces";
import { Alert, SubmitButton, buttonClassName, Card, DownloadIcon } from "~/components/ui";
import { spacePath, type FormReply, pageMeta } from "~/shared";
import {
  EXPORT_LINK_LIFETIME_DAYS,
  EXPORT_TEXT,
  findExportableSpace,
  requestSpaceExport,
} from "~/models/space-exports.server";
import { expectFound } from "~/web/errors.server";
import { ButtonOnlySchema, formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * Export Space: what the export holds, and the button that asks for it. The answer is at
 * once (the space's page, with a toast); a background job mails the link. For the agency
 * owner, and for a client owner of their own space when the agency allows it. A refusal
 * (an export of the space under way, the agency's exports of the day made) stays on the
 * page, saying why.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data ? `Export ${data.space.name}` : "Export Space",
    "Export a space as one ZIP file: its conversation as a page and as JSON, and every file shared in it.",
  );

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const space = await expectFound(findExportableSpace(actor, params.spaceId ?? ""));
  return {
    space: { id: space.id, name: space.name },
    email: actor.email,
    spaceHref: spacePath(actor.type, space.id),
    days: EXPORT_LINK_LIFETIME_DAYS,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  return formAction(await readForm(request), {
    schema: ButtonOnlySchema,
    failure: "Could not start the export. Please try again.",
    run: async () => {
      const space = await expectFound(requestSpaceExport(actor, params.spaceId ?? ""));
      return redirectWithToast(spacePath(actor.type, space.id), {
        type: "success",
        title: "Export requested",
        description: EXPORT_TEXT.requested,
      });
    },
  });
}

export default function ExportSpace() {
  const { space, email, spaceHref, days } = useLoaderData<typeof loader>();
  const refusal = useActionData<FormReply>()?.result.error?.[""]?.[0];
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Export Space</h1>
        <p className="mt-1 text-sm text-slate-600">Take {space.name} with you as one ZIP file.</p>
      </div>
      <Card className="p-5 sm:p-6">
        <Form method="post" className="space-y-5">
          {refusal ? (
            <Alert variant="destructive" title="Export not started">
              {refusal}
            </Alert>
          ) : null}
          <div className="space-y-3 text-sm text-slate-700">
            <p>The ZIP file holds:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>the conversation as a page to read in any browser (conversation.html);</li>
              <li>
                the conversation as JSON, for other tools: who wrote each message and when, edits, deleted messages,
                reactions and who read them (conversation.json);
              </li>
              <li>every file shared in the chat (the folder files).</li>
            </ul>
            <p>
              We prepare it in the background and email a link to <strong>{email}</strong>. The link works once, only
              for you, and expires in {days} days.
            </p>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={spaceHref} className={buttonClassName({ variant: "outline" })}>
              Cancel
            </Link>
            <SubmitButton pendingText="Requesting...">
              <DownloadIcon />
              Export Space
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound />;
}
