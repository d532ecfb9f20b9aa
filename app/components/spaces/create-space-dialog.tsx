import { Modal } from "~/components/ui/dialog";
import { type ClientOwnerOption } from "~/shared";
import { CreateSpaceForm } from "./create-space-form";

/** SPEC §2.7's Create New Space dialog, loaded when New Space is first chosen (new-space-dialog.tsx). */
export default function CreateSpaceDialog({
  open,
  onClose,
  owners,
}: {
  open: boolean;
  onClose: () => void;
  owners: ClientOwnerOption[];
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create New Space"
      description="Add a new space and assign it to a client owner."
    >
      <CreateSpaceForm owners={owners} onCancel={onClose} />
    </Modal>
  );
}
