import { clsx, EmptyState, Card, ChatIcon, SignOffIcon, Pager, useClock } from "~/components/ui";
import { Link } from "@remix-run/react";
import { spaceErrorMeta, DueDate, SignOffBadge } from "~/components/spaces";
import {
  spacePath,
  type UserType,
  SIGN_OFF_STATE_LABEL,
  SIGN_OFF_STATES,
  WITHDRAWN_FILE_DELETED,
  type SignOffCard,
  type SignOffState,
  formatDateTime,
} from "~/shared";

export type SignOffListData = {
  signOffs: SignOffCard[];
  state: SignOffState | null;
  page: number;
  pageCount: number;
  perPage: number;
  total: number;
};

/** A Sign-offs tab whose list could not be loaded (the space itself may well exist). */
export const SIGN_OFFS_LOAD_FAILED = "Could not load sign-offs.";

/** The title of a Sign-offs tab that failed: not found for a refusal, else the list's load failure. */
export function signOffsErrorMeta(error: unknown) {
  return spaceErrorMeta(
    error,
    SIGN_OFFS_LOAD_FAILED,
    "The sign-offs of this space could not be loaded. Please try again.",
  );
}

const FILTERS: Array<{ label: string; state: SignOffState | null }> = [
  { label: "All", state: null },
  ...SIGN_OFF_STATES.map((state) => ({ label: SIGN_OFF_STATE_LABEL[state], state })),
];

/** The first page of one state, or of all: only what differs from the first page of all is in the address. */
function stateHref(path: string, state: SignOffState | null) {
  return state ? `${path}?state=${state}` : path;
}

/**
 * A space's Sign-offs tab: every request for sign-off in its client chat, newest first,
 * by state, a page at a time. Links only, so all of it works without JavaScript. `path`
 * is the page's own address; `userType` the reader's, for the way to the chat.
 */
export function SignOffList({ data, path, userType }: { data: SignOffListData; path: string; userType: UserType }) {
  const { signOffs, state } = data;
  return (
    <section aria-labelledby="sign-offs-title" className="space-y-4">
      <div>
        <h2 id="sign-offs-title" className="text-lg font-semibold tracking-tight text-slate-900">
          Sign-offs
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every request for sign-off in this space’s chat, newest first.</p>
      </div>
      <Card>
        <nav aria-label="Sign-off states" className="border-b border-slate-200 p-3">
          <ul className="flex flex-wrap gap-1">
            {FILTERS.map((filter) => {
              const current = state === filter.state;
              return (
                <li key={filter.label}>
                  <Link
                    to={stateHref(path, filter.state)}
                    aria-current={current ? "true" : undefined}
                    className={clsx(
                      "block rounded-lg px-3 py-1.5 text-sm font-medium",
                      current
                        ? "bg-indigo-50 text-indigo-700"
                        : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    )}
                  >
                    {filter.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {signOffs.length ? (
          <>
            <ul aria-label="Sign-off requests" className="divide-y divide-slate-100">
              {signOffs.map((card) => (
                <SignOffRow key={card.id} card={card} userType={userType} />
              ))}
            </ul>
            <Pager
              list={{ ...data, items: signOffs }}
              label="Pages of sign-offs"
              className="border-t border-slate-100 px-4 py-3"
            />
          </>
        ) : state ? (
          <EmptyState icon={SignOffIcon} title="No sign-offs match">
            This space has no “{SIGN_OFF_STATE_LABEL[state]}” sign-offs.{" "}
            <Link to={path} className="font-medium text-indigo-700 hover:underline">
              Show all sign-offs
            </Link>
          </EmptyState>
        ) : (
          <EmptyState icon={SignOffIcon} title="No sign-offs yet">
            {userType === "CLIENT"
              ? "When your agency asks you to approve a file in the chat, the request shows here."
              : "Ask for sign-off from a file in the chat or in Files; every request shows here."}
          </EmptyState>
        )}
      </Card>
    </section>
  );
}

function SignOffRow({ card, userType }: { card: SignOffCard; userType: UserType }) {
  const clock = useClock();
  const current = card.versions.at(-1);
  // A deleted message takes its file with it; the request stays on record, withdrawn.
  const fileName = current?.file?.name ?? "File deleted";
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {current?.file ? (
          <a
            href={current.file.url}
            className="min-w-0 break-words font-medium text-slate-900 hover:text-indigo-700 hover:underline"
          >
            {current.file.name}
          </a>
        ) : (
          <span className="font-medium text-slate-500">{fileName}</span>
        )}
        {current && current.number > 1 ? <span className="text-slate-600">Version {current.number}</span> : null}
        <SignOffBadge card={card} />
      </div>
      <p className="text-slate-600">
        {card.asked.length ? `Asked of ${namesOf(card.asked)}` : null}
        {card.asked.length && card.dueOn ? <span aria-hidden="true"> · </span> : null}
        {card.dueOn ? <DueDate dueOn={card.dueOn} /> : null}
      </p>
      <p className="text-slate-600">
        Requested by <span className="font-medium text-slate-800">{card.askedBy}</span> on{" "}
        <time dateTime={card.createdAt}>{formatDateTime(card.createdAt, clock)}</time>
      </p>
      <LatestAnswer card={card} />
      <p>
        <Link
          to={`${spacePath(userType, card.spaceId)}#message-${card.messageId}`}
          className="inline-flex items-center gap-1.5 font-medium text-indigo-700 hover:underline"
        >
          <ChatIcon className="size-4" aria-hidden="true" />
          Open in chat<span className="sr-only">: {fileName}</span>
        </Link>
      </p>
    </li>
  );
}

/**
 * What was last said: the latest answer, for which version when a newer one has come
 * since (it stays on record, but no longer decides), and a withdrawal.
 */
function LatestAnswer({ card }: { card: SignOffCard }) {
  const clock = useClock();
  const answered = card.versions.findLast((version) => version.answer);
  const answer = answered?.answer;
  const older = answered && answered !== card.versions.at(-1);
  return (
    <>
      {answer ? (
        <p className="line-clamp-3 whitespace-pre-line break-words text-slate-700">
          {SIGN_OFF_STATE_LABEL[answer.answer]} by <span className="font-medium text-slate-900">{answer.by}</span> on{" "}
          <time dateTime={answer.at}>{formatDateTime(answer.at, clock)}</time>
          {older ? ` for version ${answered.number}` : ""}
          {answer.comment ? `: ${answer.comment}` : ""}
        </p>
      ) : null}
      {card.withdrawn ? (
        <p className="text-slate-700">
          {card.withdrawn.by === WITHDRAWN_FILE_DELETED ? "Withdrawn" : `Withdrawn by ${card.withdrawn.by}`} on{" "}
          <time dateTime={card.withdrawn.at}>{formatDateTime(card.withdrawn.at, clock)}</time>
          {card.withdrawn.by === WITHDRAWN_FILE_DELETED ? `: ${WITHDRAWN_FILE_DELETED.toLowerCase()}` : ""}
        </p>
      ) : null}
    </>
  );
}

/** "Nora Blake", "Nora Blake and Sam Lee", "Nora Blake, Sam Lee and Ida Ray". */
function namesOf(people: Array<{ name: string }>) {
  const names = people.map((person) => person.name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join("");
}
