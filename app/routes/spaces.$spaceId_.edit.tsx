import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteSpaceDialog } from "~/components/spaces/delete-space-dialog";
import { EditSpaceForm } from "~/components/spaces/edit-space-form";
import { PageHeader, buttonClassName, Card, TrashIcon, useDialogLink } from "~/components/ui";
import { SpaceNotFound } from "~/components/spaces";
import { UpdateSpaceSchema } from "~/shared/space.schemas";
import { getSpaceForEdit, updateSpace } from "~/models/spaces.server";
import { expectFound } from "~/web/errors.server";
import { formAction } from "~/web/form-action.server";
import { requireActor } from "~/web/guards.server";
import { readSpaceForm } from "~/web/space-forms.server";
import { redirectWithToast } from "~/web/toast.server";
import { deleteSpacePath, pageMeta } from "~/shared";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Edit ${data.space.name}` : "Edit Space", "Modify space settings and information.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const { space, owners } = await expectFound(getSpaceForEdit(actor, params.spaceId ?? ""));
  return {
    owners,
    space: {
      id: space.id,
      name: space.name,
      clientOwnerId: space.client_owner_id,
      company: space.company,
      email: space.email,
      contactNumber: space.contact_number,
      url: space.url,
      logoKey: space.logo,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request);
  const { formData, logoRefusal } = await expectFound(readSpaceForm(request, actor));
  return formAction(formData, {
    schema: UpdateSpaceSchema,
    refusal: logoRefusal,
    failure: "Could not update space. Please try again.",
    run: async (value) => {
      const space = await expectFound(updateSpace(actor, params.spaceId ?? "", value));
      return redirectWithToast(`/spaces/${space.id}`, {
        type: "success",
        title: "Success",
        description: "Space updated successfully",
      });
    },
  });
}

export default function EditSpace() {
  const { space, owners } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { dialog: deleting, linkProps } = useDialogLink();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title="Edit Space" subtitle="Modify space settings and information" />
      <Card className="p-5 sm:p-6">
        <EditSpaceForm space={space} owners={owners} lastResult={lastResult} />
      </Card>
      <Card className="flex flex-col gap-4 border-red-200 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Delete Space</h2>
          <p className="mt-1 text-sm text-slate-600">Deletes the space with its messages and files, for everyone.</p>
        </div>
        <Link to={deleteSpacePath(space.id)} className={buttonClassName({ variant: "destructive" })} {...linkProps}>
          <TrashIcon />
          Delete Space
        </Link>
      </Card>
      <DeleteSpaceDialog space={deleting.value ? space : null} onClose={deleting.close} />
    </div>
  );
}

export function ErrorBoundary() {
  return <SpaceNotFound loadFailure="Failed to load space details." />;
}
