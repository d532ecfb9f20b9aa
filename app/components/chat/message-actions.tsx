import { Link } from "@remix-run/react";
import { useState } from "react";
import { closeDetails } from "~/components/layout/use-details-dismiss";
import {
  clsx,
  buttonClassName,
  Button,
  SubmitButton,
  DetailsMenu,
  destructiveMenuItemClassName,
  menuItemClassName,
  inputClassName,
  useHydrated,
  EditIcon,
  TrashIcon,
} from "~/components/ui";
import { Modal } from "~/components/ui/dialog";
import { MESSAGE_MAX_LENGTH, type ChatMessage } from "~/shared";

/*
 * What one can do with one's own message: Edit and Delete, behind its More actions
 * menu. Without JavaScript each item is a link to the chat's page with ?edit=<id> or
 * ?delete=<id>, which renders the edit form or the confirmation in the message, and
 * the form posts to the page. With JavaScript the edit opens in place, the delete asks
 * in a dialog, and both go over the socket (decision 019).
 */

const DELETE_QUESTION = "Delete message?";
const DELETE_CONSEQUENCE = "It will be removed from the chat for everyone in this space.";

export function MessageMenu({
  message,
  action,
  onEdit,
  onDelete,
}: {
  message: ChatMessage;
  action: string;
  /** In place, with JavaScript; without these (search results) the links go to their pages. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const inPlace = (open?: () => void) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!open) return;
    event.preventDefault();
    // The focus goes back to the menu's button, where the dialog returns it when it closes.
    closeDetails(event.currentTarget.closest("details"));
    open();
  };
  return (
    <DetailsMenu id={`actions-${message.id}`} label="More actions">
      <Link to={`${action}?edit=${message.id}`} onClick={inPlace(onEdit)} className={menuItemClassName}>
        <EditIcon aria-hidden="true" />
        Edit
      </Link>
      <Link to={`${action}?delete=${message.id}`} onClick={inPlace(onDelete)} className={destructiveMenuItemClassName}>
        <TrashIcon aria-hidden="true" />
        Delete
      </Link>
    </DetailsMenu>
  );
}

/** The text of one's message in a form, in place of the bubble; `onSave` and `onCancel` handle it in place. */
export function EditMessageForm({
  message,
  action,
  onSave,
  onCancel,
}: {
  message: ChatMessage;
  action: string;
  onSave?: (content: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { busy, onSubmit } = useScriptedSubmit(
    onSave && ((form) => onSave(String(new FormData(form).get("content") ?? ""))),
  );
  return (
    <form method="post" action={action} className="msg-edit flex flex-col gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="messageId" value={message.id} />
      <label className="sr-only" htmlFor={`edit-${message.id}`}>
        New text
      </label>
      <textarea
        id={`edit-${message.id}`}
        name="content"
        defaultValue={message.content}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        // The person chose Edit: the text is what they came for (with or without JavaScript).
        autoFocus
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel?.();
        }}
        className={clsx(inputClassName, "py-2")}
      />
      {/* The form is as wide as this row: 18rem where the bubble's column allows it (app/tailwind.css's .msg),
          less where it does not, without widening the column as a width of the form's own would. */}
      <div className="flex w-72 max-w-full justify-end gap-2">
        <CancelLink to={action} onCancel={onCancel} />
        <SubmitButton size="sm" pending={busy} pendingText="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Delete message?, asked with JavaScript in a dialog (`onDelete` deletes in place), and
 * without it (?delete=<id>, as the server renders it) in the message.
 */
export function DeleteQuestion({
  message,
  action,
  onDelete,
  onClose,
}: Omit<DeleteDialogProps, "onDelete"> & Partial<Pick<DeleteDialogProps, "onDelete">>) {
  const hydrated = useHydrated();
  return hydrated && onDelete ? (
    <DeleteMessageDialog message={message} action={action} onDelete={onDelete} onClose={onClose} />
  ) : (
    <DeleteConfirmation message={message} action={action} />
  );
}

/** Without JavaScript (?delete=<id>): the question in the message, and the form that deletes it. */
function DeleteConfirmation({ message, action }: { message: ChatMessage; action: string }) {
  const id = `delete-${message.id}`;
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="mt-1 w-[min(18rem,100%)] max-w-none rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
    >
      <p id={id} className="font-semibold text-red-900">
        {DELETE_QUESTION}
      </p>
      <p className="mt-1 text-red-800">{DELETE_CONSEQUENCE}</p>
      <DeleteMessageForm message={message} action={action} cancel={<CancelLink to={action} />} />
    </div>
  );
}

type DeleteDialogProps = {
  message: ChatMessage;
  action: string;
  onDelete: () => Promise<string | null>;
  onClose: () => void;
};

/** With JavaScript: the question in a dialog; `onDelete` resolves to the words to show if it failed, else null. */
function DeleteMessageDialog({ message, action, onDelete, onClose }: DeleteDialogProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open onClose={onClose} title={DELETE_QUESTION} description={DELETE_CONSEQUENCE}>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <DeleteMessageForm
        message={message}
        action={action}
        onDelete={async () => setError(await onDelete())}
        cancel={
          <Button variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
        }
      />
    </Modal>
  );
}

function DeleteMessageForm({
  message,
  action,
  onDelete,
  cancel,
}: {
  message: ChatMessage;
  action: string;
  onDelete?: () => Promise<void>;
  cancel: React.ReactNode;
}) {
  const { busy, onSubmit } = useScriptedSubmit(onDelete);
  return (
    <form method="post" action={action} className="mt-3 flex justify-end gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="messageId" value={message.id} />
      {cancel}
      <SubmitButton variant="destructive" size="sm" pending={busy} pendingText="Deleting…">
        Delete
      </SubmitButton>
    </form>
  );
}

/** Back to the chat as it was: a link without JavaScript, in place with it. */
function CancelLink({ to, onCancel }: { to: string; onCancel?: () => void }) {
  return (
    <Link
      to={to}
      onClick={(event) => {
        if (!onCancel) return;
        event.preventDefault();
        onCancel();
      }}
      className={buttonClassName({ variant: "outline", size: "sm" })}
    >
      Cancel
    </Link>
  );
}

/** A form that posts as a document without JavaScript; with it, `run` takes the submission, busy meanwhile. */
function useScriptedSubmit(run: ((form: HTMLFormElement) => Promise<void>) | undefined) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!run) return;
    event.preventDefault();
    setBusy(true);
    await run(event.currentTarget);
    setBusy(false);
  };
  return { busy, onSubmit };
}
