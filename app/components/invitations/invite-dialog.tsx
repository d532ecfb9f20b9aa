import { Modal } from "~/components/ui/dialog";
import { type InviteOptions } from "~/shared";
import { InviteForm } from "./invite-form";

/** The invite form in a dialog, loaded when its button is first chosen (invite-button.tsx). */
export default function InviteDialog({
  open,
  onClose,
  title,
  options,
  share,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  options: InviteOptions;
  share: boolean;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description="Make a link that invites them; it works once and expires in 7 days."
    >
      <InviteForm options={options} onDone={onClose} share={share} />
    </Modal>
  );
}
