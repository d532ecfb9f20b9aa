import { Link } from "@remix-run/react";
import { lazy } from "react";
import { buttonClassName, OnceOpened, PlusIcon, Tooltip, useDialogLink } from "~/components/ui";
import { CREATE_SPACE_ACTION, type ClientOwnerOption } from "~/shared";

/** SPEC §2.7: why no space can be made yet (the disabled button's tooltip, and the empty Spaces page). */
export const NEED_CLIENT_OWNER = "You need to add a client owner first";

const loadDialog = () => import("./create-space-dialog");
const CreateSpaceDialog = lazy(loadDialog);

/**
 * SPEC §2.7's New Space button and Create New Space dialog. The button is a link to
 * /spaces/new, which is the same form as a page, so it works without JavaScript; with
 * it the dialog opens in place, stays open with the reason when creation is refused and
 * closes once the space exists (the action redirects here with a toast). The dialog's
 * module is fetched as the pointer or the focus comes to the button, and drawn when it
 * is chosen (OnceOpened).
 */
export function NewSpaceButton({ owners }: { owners: ClientOwnerOption[] }) {
  const { dialog, linkProps } = useDialogLink(loadDialog);
  const hasOwners = owners.length > 0;

  return (
    <>
      <Tooltip content={hasOwners ? "Create new space" : NEED_CLIENT_OWNER}>
        {(describedBy) =>
          hasOwners ? (
            <Link to={CREATE_SPACE_ACTION} aria-describedby={describedBy} className={buttonClassName()} {...linkProps}>
              <PlusIcon />
              New Space
            </Link>
          ) : (
            <button type="button" aria-disabled="true" aria-describedby={describedBy} className={buttonClassName()}>
              <PlusIcon />
              New Space
            </button>
          )
        }
      </Tooltip>
      <OnceOpened open={dialog.value !== null}>
        <CreateSpaceDialog open={dialog.value !== null} onClose={dialog.close} owners={owners} />
      </OnceOpened>
    </>
  );
}
