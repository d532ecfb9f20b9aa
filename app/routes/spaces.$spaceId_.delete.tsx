import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DeleteSpaceWarning } from "~/components/spaces/delete-space-dialog";
import { SpaceNotFound } from "~/components/spaces";
import { SubmitButton, buttonClassName, Card } from "~/components/ui";
import { deleteSpace, findEditableSpace } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { ButtonOnlySchema, formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readForm } from "~/web/request.server";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/shared";

/* Delete Space: the confirmation as a page (without JavaScript), and the action the dialog posts to. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Delete ${data.space.name}` : "Delete Space", "Confirm that this space, its messages and files go.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const space = await expectFound(findEditableSpace(actor, params.spaceId ?? ""));
  return { space: { id: space.id, name: space.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  return formAction(await readForm(request), {
    schema: ButtonOnlySchema,
    failure: "Could not delete space. Please try again.",
    // The dialog has no field to show why beside: its refusal is a toast on the space's edit page.
    refused: (refusal) =>
      redirectWithToast(`/spaces/${params.spaceId}/edit`, {
        type: "error",
        title: "Error",
        description: refusal.message,
      }),
    run: async () => {
      await expectFound(deleteSpace(actor, params.spaceId ?? ""));
      return redirectWithToast("/spaces", { type: "success", title: "Space deleted successfully" });
    },
  });
}

export default function DeleteSpace() {
  const { space } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Delete Space</h1>
      <Card className="p-5 sm:p-6">
        <Form method="post" className="space-y-5">
          <DeleteSpaceWarning name={space.name} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={`/spaces/${space.id}/edit`} className={buttonClassName({ variant: "outline" })}>
              Cancel
            </Link>
            <SubmitButton variant="destructive" pendingText="Deleting...">
              Delete Space
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
