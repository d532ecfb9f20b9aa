import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { buttonClassName, SubmitButton, ErrorList, inputClassName, SignOffIcon } from "~/components/ui";
import { ChatPanel } from "~/components/chat/chat-panel";
import { SIGN_OFF_NOTE_MAX, type SignOffCard, type SignOffPanel } from "~/shared";

/**
 * The sign-off form the chat page's address asks for (issue 39), above the message box:
 * Ask for sign-off (?sign-off=<message>), the confirmation of Approve naming the files
 * (?approve=), Request changes with its comment (?changes=) and Upload new version
 * (?new-version=). Each posts to the page with its own address, so a refused post
 * comes back to the same form with its errors and what was typed (`reply`); Cancel
 * goes back to the chat. The same with JavaScript and without.
 */
export function SignOffPanelView({
  panel,
  action,
  reply,
}: {
  panel: SignOffPanel;
  action: string;
  reply: SubmissionResult<string[]> | null;
}) {
  const errors = (field: string) => reply?.error?.[field] ?? null;
  const typed = (field: string) => {
    const value = reply?.initialValue?.[field];
    return typeof value === "string" ? value : undefined;
  };
  const cancel = (
    <Link to={action} className={buttonClassName({ variant: "outline", size: "sm" })}>
      Cancel
    </Link>
  );

  if (panel.kind === "ask") {
    const chosen = reply?.initialValue?.askedIds;
    const checked = (id: string, index: number) => (chosen === undefined ? index === 0 : [chosen].flat().includes(id));
    return (
      <ChatPanel id="sign-off" title="Ask for sign-off">
        <p className="mt-1 break-all text-slate-700">{panel.fileName}</p>
        <Form method="post" action={`${action}?sign-off=${panel.messageId}`} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="ask-sign-off" />
          <input type="hidden" name="messageId" value={panel.messageId} />
          {panel.people.length ? (
            <fieldset>
              <legend className="font-medium text-slate-900">Who must answer</legend>
              <div className="mt-1 space-y-1">
                {panel.people.map((person, index) => (
                  <label key={person.id} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="askedIds"
                      value={person.id}
                      defaultChecked={checked(person.id, index)}
                      className="size-4 rounded border-slate-300 text-indigo-600"
                    />
                    {person.name}
                    {person.owner ? <span className="text-xs text-slate-600">(client owner)</span> : null}
                  </label>
                ))}
              </div>
              <ErrorList className={PANEL_ERRORS} errors={errors("askedIds")} />
            </fieldset>
          ) : (
            <p className="text-slate-700">No client has joined this space yet: invite one to ask them.</p>
          )}
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-col gap-1">
              <span className="font-medium text-slate-900">Due date (optional)</span>
              <input
                type="date"
                name="dueOn"
                min={panel.today}
                defaultValue={typed("dueOn")}
                className={`${inputClassName} h-10 w-44`}
              />
              <ErrorList className={PANEL_ERRORS} errors={errors("dueOn")} />
            </label>
          </div>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-slate-900">Note (optional)</span>
            <textarea
              name="note"
              rows={2}
              maxLength={SIGN_OFF_NOTE_MAX}
              defaultValue={typed("note")}
              className={`${inputClassName} py-2`}
            />
            <ErrorList className={PANEL_ERRORS} errors={errors("note")} />
          </label>
          <ErrorList className={PANEL_ERRORS} errors={reply?.error?.[""]} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton size="sm" pendingText="Asking…" disabled={!panel.people.length}>
              <SignOffIcon />
              Ask for sign-off
            </SubmitButton>
            {cancel}
          </div>
        </Form>
      </ChatPanel>
    );
  }

  const { card } = panel;
  const current = card.versions.at(-1);
  const files = current?.file?.name ?? "";
  if (panel.kind === "approve") {
    return (
      <ChatPanel id="sign-off" title={`Approve ${files}?`}>
        <p className="mt-1 text-slate-700">
          You approve version {current?.number} of {files}. Your name, the time, this device and the file&apos;s
          fingerprint are kept on record; an approval cannot be changed.
        </p>
        <SignOffForm action={action} intent="approve" card={card}>
          <SubmitButton size="sm" pendingText="Approving…">
            Approve
          </SubmitButton>
          {cancel}
        </SignOffForm>
      </ChatPanel>
    );
  }
  if (panel.kind === "changes") {
    return (
      <ChatPanel id="sign-off" title={`Request changes to ${files}`}>
        <SignOffForm action={`${action}?changes=${card.id}`} intent="request-changes" card={card}>
          <label className="flex w-full flex-col gap-1">
            <span className="font-medium text-slate-900">What should change?</span>
            <textarea
              name="comment"
              rows={3}
              required
              maxLength={SIGN_OFF_NOTE_MAX}
              defaultValue={typed("comment")}
              className={`${inputClassName} py-2`}
            />
            <span className="text-xs text-slate-600">Posted in the chat as a reply to the file.</span>
            <ErrorList className={PANEL_ERRORS} errors={errors("comment")} />
          </label>
          <SubmitButton size="sm" pendingText="Sending…">
            Request changes
          </SubmitButton>
          {cancel}
        </SignOffForm>
      </ChatPanel>
    );
  }
  return (
    <ChatPanel id="sign-off" title={`Upload a new version of ${files}`}>
      <p className="mt-1 text-slate-700">
        It is posted in the chat and asked of the same people; the answers to earlier versions stay on record.
      </p>
      <SignOffForm action={`${action}?new-version=${card.id}`} intent="sign-off-version" card={card} upload>
        <label className="flex w-full flex-col gap-1">
          <span className="font-medium text-slate-900">File</span>
          <input type="file" name="file" required className="text-sm" />
          <ErrorList className={PANEL_ERRORS} errors={errors("file") ?? reply?.error?.[""]} />
        </label>
        <SubmitButton size="sm" pendingText="Uploading…">
          Upload new version
        </SubmitButton>
        {cancel}
      </SignOffForm>
    </ChatPanel>
  );
}

/** The errors' red, darker than the forms' usual one: on the panel's indigo-50 the usual red-600 falls short of 4.5:1. */
const PANEL_ERRORS = "[&_li]:text-red-700";

function SignOffForm({
  action,
  intent,
  card,
  upload = false,
  children,
}: {
  action: string;
  intent: string;
  card: SignOffCard;
  upload?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      encType={upload ? "multipart/form-data" : undefined}
      className="mt-3 flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="signOffId" value={card.id} />
      {children}
    </Form>
  );
}
