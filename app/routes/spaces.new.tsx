import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CreateSpaceForm } from "~/components/spaces/create-space-form";
import { Card } from "~/components/ui";
import { CreateSpaceSchema } from "~/shared/space.schemas";
import { createSpace, listClientOwners } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readSpaceForm } from "~/web/space-forms.server";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/shared";

/* The New Space dialog as a page: where its button leads without JavaScript, and where the dialog posts. */

export const meta: MetaFunction = () =>
  pageMeta("Create New Space", "Add a new space and assign it to a client owner, with the company's logo.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  return { owners: await expectFound(listClientOwners(actor)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const { formData, logoRefusal } = await expectFound(readSpaceForm(request, actor));
  return formAction(formData, {
    schema: CreateSpaceSchema,
    refusal: logoRefusal,
    failure: "Could not create space. Please try again.",
    run: async (value) => {
      const space = await expectFound(createSpace(actor, value));
      return redirectWithToast("/spaces", {
        type: "success",
        title: "Space created",
        description: `${space.name} is ready. Enter it to start talking with your client.`,
      });
    },
  });
}

export default function NewSpace() {
  const { owners } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Create New Space</h1>
        <p className="mt-1 text-sm text-slate-600">Add a new space and assign it to a client owner.</p>
      </div>
      <Card className="p-5 sm:p-6">
        <CreateSpaceForm owners={owners} lastResult={lastResult} />
      </Card>
    </div>
  );
}
