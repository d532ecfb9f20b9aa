import { Link } from "@remix-run/react";
import { lazy } from "react";
import { buttonClassName, type ButtonVariant, OnceOpened, UserPlusIcon, useDialogLink } from "~/components/ui";
import { inviteFormPath, type InviteOptions } from "~/shared";

const loadDialog = () => import("./invite-dialog");
const InviteDialog = lazy(loadDialog);

/**
 * A button that opens the invite dialog in place (with JavaScript); it is a link to
 * /invitations/new, the same form as a page, so it works without. The dialog's module
 * is fetched as the pointer or the focus comes to the button (OnceOpened).
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
  const { dialog, linkProps } = useDialogLink(loadDialog);
  return (
    <>
      <Link to={inviteFormPath(options.kind, { share })} className={buttonClassName({ variant })} {...linkProps}>
        <UserPlusIcon />
        {label}
      </Link>
      <OnceOpened open={dialog.value !== null}>
        <InviteDialog
          open={dialog.value !== null}
          onClose={dialog.close}
          title={title}
          options={options}
          share={share}
        />
      </OnceOpened>
    </>
  );
}
