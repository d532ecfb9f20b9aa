import { Form, Link } from "@remix-run/react";
import { buttonClassName, SubmitButton, SignOffIcon, useClock } from "~/components/ui";
import { mayAnswer, type SignOffCard, type SignOffVersionView, formatDateTime } from "~/shared";
import { DueDate, SignOffBadge } from "~/components/spaces";

/**
 * A sign-off's card under the message it was asked on (issue 39): its state, who is
 * asked and by when, the note, every version with its answer, and what the reader may
 * do now. The people asked get Approve and Request changes, staff Upload new version,
 * Withdraw and Re-open: links to the page's forms (`?approve=` …) and plain forms, so
 * the same with JavaScript and without. Live changes replace the card (chat-state.ts).
 */
export function SignOffCardView({
  card,
  viewerId,
  staff,
  action,
}: {
  card: SignOffCard;
  viewerId: string;
  staff: boolean;
  /** The chat page, where the forms post. */
  action: string;
}) {
  const current = card.versions.at(-1);
  const answerable = mayAnswer(card, viewerId);
  const reopenable = staff && card.state === "withdrawn" && current?.answer === null && current.file !== null;
  return (
    <section
      aria-label="Sign-off"
      data-sign-off={card.id}
      className="mt-2 w-[min(20rem,100%)] max-w-none rounded-lg border border-slate-200 bg-white p-3 text-left text-sm text-slate-900 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 font-semibold">
          <SignOffIcon className="size-4 text-indigo-600" aria-hidden="true" />
          Sign-off
        </p>
        <SignOffBadge card={card} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {card.askedBy} asked {card.asked.map((person) => person.name).join(", ") || "nobody"}
        {card.dueOn ? (
          <>
            {" · "}
            <DueDate dueOn={card.dueOn} />
          </>
        ) : null}
      </p>
      {card.note ? <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{card.note}</p> : null}
      <ol className="mt-2 space-y-1.5 border-t border-slate-100 pt-2">
        {card.versions.map((version) => (
          <VersionLine key={version.number} version={version} latest={version === current} />
        ))}
      </ol>
      {card.withdrawn ? <p className="mt-2 text-xs text-slate-600">Withdrawn: {card.withdrawn.by}</p> : null}
      {answerable || staff ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {answerable ? (
            <>
              <Link to={`${action}?approve=${card.id}#sign-off`} className={buttonClassName({ size: "sm" })}>
                Approve
              </Link>
              <Link
                to={`${action}?changes=${card.id}#sign-off`}
                className={buttonClassName({ variant: "outline", size: "sm" })}
              >
                Request changes
              </Link>
            </>
          ) : null}
          {staff && card.state !== "withdrawn" ? (
            <Link
              to={`${action}?new-version=${card.id}#sign-off`}
              className={buttonClassName({ variant: "outline", size: "sm" })}
            >
              Upload new version
            </Link>
          ) : null}
          {staff && card.state === "waiting" ? (
            <SignOffButton action={action} intent="withdraw-sign-off" signOffId={card.id} pendingText="Withdrawing…">
              Withdraw
            </SignOffButton>
          ) : null}
          {reopenable ? (
            <SignOffButton action={action} intent="reopen-sign-off" signOffId={card.id} pendingText="Re-opening…">
              Re-open
            </SignOffButton>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A version's file and its answer; an older version's answer says which version it was for. */
function VersionLine({ version, latest }: { version: SignOffVersionView; latest: boolean }) {
  const clock = useClock();
  const answer = version.answer;
  return (
    <li className="text-xs">
      <span className="font-medium text-slate-900">Version {version.number}: </span>
      {version.file ? (
        <a href={version.file.url} className="break-all text-indigo-700 underline underline-offset-2">
          {version.file.name}
        </a>
      ) : (
        <span className="italic text-slate-500">File deleted</span>
      )}
      {answer ? (
        <span className="block text-slate-700">
          {answer.answer === "approved" ? "Approved" : "Changes requested"} by {answer.by},{" "}
          <time dateTime={answer.at}>{formatDateTime(answer.at, clock)}</time>
          {latest ? "" : ` (for version ${version.number})`}
          {answer.comment ? `: ${answer.comment}` : ""}
        </span>
      ) : latest ? null : (
        <span className="block text-slate-500">Not answered; superseded</span>
      )}
    </li>
  );
}

function SignOffButton({
  action,
  intent,
  signOffId,
  pendingText,
  children,
}: {
  action: string;
  intent: string;
  signOffId: string;
  pendingText: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {/* The id on the button: of several cards' buttons, only the one pressed says it is pending. */}
      <SubmitButton
        variant="ghost"
        size="sm"
        action={action}
        name="signOffId"
        value={signOffId}
        pendingText={pendingText}
      >
        {children}
      </SubmitButton>
    </Form>
  );
}
