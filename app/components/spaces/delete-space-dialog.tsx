import { useFetcher } from "@remix-run/react";
import { Button, SubmitButton } from "~/components/ui";
import { Modal } from "~/components/ui/dialog";
import { deleteSpacePath } from "~/shared";

/**
 * Delete Space, confirmed in place (with JavaScript). The link that opens it goes to
 * /spaces/{id}/delete, the same confirmation as a page. The action redirects to
 * /spaces with SPEC §8's toast.
 */
export function DeleteSpaceDialog({
  space,
  onClose,
}: {
  space: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal open={space !== null} onClose={onClose} title="Delete Space">
      {space ? <DeleteSpaceForm space={space} onCancel={onClose} /> : null}
    </Modal>
  );
}

function DeleteSpaceForm({ space, onCancel }: { space: { id: string; name: string }; onCancel: () => void }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={deleteSpacePath(space.id)} className="space-y-5">
      <DeleteSpaceWarning name={space.name} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton variant="destructive" pending={fetcher.state !== "idle"} pendingText="Deleting...">
          Delete Space
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

export function DeleteSpaceWarning({ name }: { name: string }) {
  return (
    <p className="text-sm leading-relaxed text-slate-600">
      Are you sure you want to delete <strong className="font-semibold text-slate-900">{name}</strong>? Its messages and
      files are deleted with it. This action cannot be undone.
    </p>
  );
}
