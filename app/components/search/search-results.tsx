import { Link, useLocation } from "@remix-run/react";
import { Avatar, buttonClassName, Card, DocumentIcon, withSearchParam, useClock } from "~/components/ui";
import { imageUrl, type UserType, type HitPage, type MessageHit, type Snippet, formatDateTime } from "~/shared";
import { EntryText } from "./entry-text";
import { messageHref, type SearchEntry } from "./search-entries";
import { FILES_PAGE_PARAM, MESSAGES_PAGE_PARAM } from "./search-params";

/**
 * The results page's sections: Spaces and People (`entries`), then Messages and Files,
 * each a page at a time, best match or newest first. Every result is a link to where it
 * opens; a message or a file opens its chat at that message.
 */
export function SearchResults({
  userType,
  entries,
  messages,
  files,
}: {
  userType: UserType;
  entries: SearchEntry[];
  messages: HitPage;
  files: HitPage;
}) {
  const directory = (["Spaces", "People"] as const)
    .map((section) => ({ section, entries: entries.filter((entry) => entry.section === section) }))
    .filter((group) => group.entries.length);
  return (
    <div className="space-y-6">
      {directory.map((group) => (
        <ResultSection key={group.section} id={`results-${group.section.toLowerCase()}`} title={group.section}>
          {group.entries.map((entry) => (
            <li key={entry.key}>
              <Link to={entry.href} className={ROW_CLASS_NAME}>
                <Avatar name={entry.imageName} src={imageUrl(entry.imageKey)} shape={entry.shape} alt="" />
                <EntryText entry={entry} />
              </Link>
            </li>
          ))}
        </ResultSection>
      ))}
      <HitSection pages={messages} param={MESSAGES_PAGE_PARAM} noun="messages" title="Messages">
        {(hit) => <MessageResult key={hit.id} userType={userType} hit={hit} />}
      </HitSection>
      <HitSection pages={files} param={FILES_PAGE_PARAM} noun="files" title="Files">
        {(hit) => <FileResult key={hit.id} userType={userType} hit={hit} />}
      </HitSection>
    </div>
  );
}

const ROW_CLASS_NAME =
  "flex items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:px-5";

function ResultSection({
  id,
  title,
  footer,
  children,
}: {
  id: string;
  title: string;
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    // Below the sticky top bar when a pager's link scrolls to it.
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h2>
      <Card className="mt-2">
        <ul className="divide-y divide-slate-100">{children}</ul>
        {footer}
      </Card>
    </section>
  );
}

/** The messages or the files found, a page at a time; a page past the last still shows its section, for the link back. */
function HitSection({
  pages,
  param,
  noun,
  title,
  children,
}: {
  pages: HitPage;
  param: string;
  noun: string;
  title: string;
  children: (hit: MessageHit) => React.ReactNode;
}) {
  if (!pages.hits.length && pages.page === 1) return null;
  const id = `results-${noun}`;
  return (
    <ResultSection id={id} title={title} footer={<HitPager pages={pages} param={param} noun={noun} anchor={id} />}>
      {pages.hits.length ? (
        pages.hits.map(children)
      ) : (
        <li className="px-4 py-3 text-sm text-slate-600 sm:px-5">No more {noun} match.</li>
      )}
    </ResultSection>
  );
}

/** A message found: who sent it, where and when (in the reader's zone), and the words around the match. */
function MessageResult({ userType, hit }: { userType: UserType; hit: MessageHit }) {
  return (
    <li>
      <Link to={messageHref(userType, hit)} className={`${ROW_CLASS_NAME} items-start`}>
        <Avatar name={hit.senderName} src={imageUrl(hit.senderAvatarKey)} size="sm" alt="" />
        <span className="min-w-0 flex-1 text-sm">
          <SentBy hit={hit} />
          {hit.snippet.length ? (
            <span className="mt-0.5 block whitespace-pre-line break-words text-slate-800">
              <Highlighted snippet={hit.snippet} />
            </span>
          ) : null}
          {hit.fileName ? (
            <span className="mt-1 flex min-w-0 items-center gap-1.5 text-slate-600">
              <DocumentIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{hit.fileName}</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** A file found by its name, the matching words of the name highlighted. */
function FileResult({ userType, hit }: { userType: UserType; hit: MessageHit }) {
  return (
    <li>
      <Link to={messageHref(userType, hit)} className={`${ROW_CLASS_NAME} items-start`}>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <DocumentIcon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1 text-sm">
          <span className="block break-words font-medium text-slate-900">
            <Highlighted snippet={hit.snippet} />
          </span>
          <SentBy hit={hit} />
        </span>
      </Link>
    </li>
  );
}

function SentBy({ hit }: { hit: MessageHit }) {
  const clock = useClock();
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5 text-slate-600">
      <span className="font-medium text-slate-900">{hit.senderName}</span>
      <span>in {hit.spaceName}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={hit.createdAt}>{formatDateTime(hit.createdAt, clock)}</time>
    </span>
  );
}

/** The snippet's text, its matches marked; it is text, never HTML, so React escapes every piece of it. */
function Highlighted({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((piece, index) =>
        typeof piece === "string" ? (
          piece
        ) : (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-slate-900">
            {piece.match}
          </mark>
        ),
      )}
    </>
  );
}

/** The pages of messages or of files: links to this address with the other page, the rest of the search kept. */
function HitPager({ pages, param, noun, anchor }: { pages: HitPage; param: string; noun: string; anchor: string }) {
  const location = useLocation();
  if (pages.page === 1 && !pages.hasMore) return null;
  const href = (page: number) =>
    `${withSearchParam(`${location.pathname}${location.search}`, param, page > 1 ? page : null)}#${anchor}`;
  const linkClassName = buttonClassName({ variant: "outline", size: "sm" });
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm sm:px-5"
    >
      <p className="text-slate-600">Page {pages.page}</p>
      <div className="flex gap-2">
        {pages.page > 1 ? (
          <Link to={href(pages.page - 1)} rel="prev" className={linkClassName}>
            Previous<span className="sr-only"> page of {noun}</span>
          </Link>
        ) : null}
        {pages.hasMore ? (
          <Link to={href(pages.page + 1)} rel="next" className={linkClassName}>
            Next<span className="sr-only"> page of {noun}</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
