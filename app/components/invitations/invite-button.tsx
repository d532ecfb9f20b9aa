import { Link } from "@remix-run/react";
import { buttonClassName, type ButtonVariant, UserPlusIcon, useHydrated } from "~/components/ui";
import { Modal, useDialogState } from "~/components/ui/dialog";
import { type InviteOptions } from "~/shared";
import { InviteForm, inviteFormPath } from "./invite-form";

/**
 * A button that opens the invite dialog in place (with JavaScript); it is a link to
 * /invitations/new, the same form as a page, so it works without.
 */
export function InviteButton({
  options,
  label,
  title,
  variant = "primary",
  share = false,
}: {
  options: InviteOptions;
  /** "Add Team Member", "Invite Client", "Invite Employee", "Share Invite Link". */
  label: string;
  title: string;
  variant?: ButtonVariant;
  /** The Share Invite Link flow (SPEC §8: "Share link generated"). */
  share?: boolean;
}) {
  const hydrated = useHydrated();
  const dialog = useDialogState<true>();
  return (
    <>
      <Link
        to={inviteFormPath(options.kind, { share })}
        className={buttonClassName({ variant })}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          dialog.open(true);
        }}
      >
        <UserPlusIcon />
        {label}
      </Link>
      <Modal
        open={dialog.value !== null}
        onClose={dialog.close}
        title={title}
        description="Make a link that invites them; it works once and expires in 7 days."
      >
        <InviteForm options={options} onDone={dialog.close} share={share} />
      </Modal>
    </>
  );
}
