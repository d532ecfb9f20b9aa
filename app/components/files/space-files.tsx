import {
  clsx,
  EmptyState,
  Avatar,
  SubmitButton,
  buttonClassName,
  Card,
  ErrorList,
  inputClassName,
  type ListOfErrors,
  Pager,
  DocumentIcon,
  DownloadIcon,
  FilesIcon,
  SearchIcon,
  SignOffIcon,
  UploadIcon,
  useClock,
} from "~/components/ui";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { ATTACHMENT_ACCEPT } from "~/shared";
import { spaceErrorMeta } from "~/components/spaces";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  formatSize,
  SIGN_OFF_TEXT,
  type FileFilters,
  type FileTypeFilter,
  type SpaceFile,
  type SpaceFilePage,
  formatDateTime,
} from "~/shared";

export type SpaceFilesData = SpaceFilePage & { clientId: string };

/** The client chat's address, and the message of the card of each file already in a sign-off, by the file's message. */
type FileSignOffs = { chatPath: string; cardOf: Record<string, string> };

/** A Files tab whose list could not be loaded (the space itself may well exist). */
export const FILES_LOAD_FAILED = "Could not load files.";

/** The title of a Files tab that failed: not found for a refusal, else the files' load failure. */
export function filesErrorMeta(error: unknown) {
  return spaceErrorMeta(error, FILES_LOAD_FAILED, "The files of this space could not be loaded. Please try again.");
}

/**
 * A refused upload (4xx) changes nothing, so the Files pages keep their data. Remix
 * reloaded them after it all the same (seen in the e2e suite), which handed the form a
 * new name (`clientId`, its key) and remounted it, dropping a file chosen meanwhile.
 */
export const keepFilesAfterRefusal: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;

const TYPE_TABS: Array<{ label: string; type: FileTypeFilter | null }> = [
  { label: "All files", type: null },
  { label: "Images", type: "images" },
  { label: "Documents", type: "documents" },
];

/** What a list of files is called, for "Showing 1–50 of 120 files". */
const NOUNS: Record<FileTypeFilter | "all", [one: string, many: string]> = {
  all: ["file", "files"],
  images: ["image", "images"],
  documents: ["document", "documents"],
};

/** The types the chat takes (app/models/uploads.server.ts), as a person calls them. */
const TYPE_LABELS: Record<string, string> = {
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/gif": "GIF image",
  "image/webp": "WebP image",
  "application/pdf": "PDF document",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
};

function typeLabel(type: string) {
  return TYPE_LABELS[type] ?? (type.startsWith("text/plain") ? "Text file" : "File");
}

/** The address of a page of the list: only what differs from the first page of all files is in it. */
function filesHref(path: string, { type, search, page }: FileFilters) {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A space's Files tab: the upload form (the file goes into the chat), the filters by
 * type and name, and a page of the files shared in the chat, newest first. Links and
 * GET forms, so that all of it works without JavaScript. `path` is the page's own
 * address; `reply` is a refused upload's answer.
 */
export function SpaceFiles({
  data,
  path,
  reply,
  signOffs,
}: {
  data: SpaceFilesData;
  path: string;
  reply?: SubmissionResult<string[]> | null;
  /**
   * For the agency's staff on the client chat's Files tab (issue 39; not for clients, nor
   * on the team side, whose files no client sees): the chat's address, where each file
   * links to its ask form, or for a file already in a sign-off (`cardOf`, by the file's
   * message) to the message its card is on.
   */
  signOffs?: FileSignOffs | null;
}) {
  const { filters, files } = data;
  const filtered = Boolean(filters.type || filters.search);
  return (
    <section aria-labelledby="files-title" className="space-y-4">
      <div>
        <h2 id="files-title" className="text-lg font-semibold tracking-tight text-slate-900">
          Files
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every file shared in this space’s chat, newest first.</p>
      </div>
      <ShareFileForm
        key={data.clientId}
        action={path}
        clientId={data.clientId}
        errors={Object.values(reply?.error ?? {}).flat()}
      />
      <Card>
        <FileFiltersBar path={path} filters={filters} />
        {files.length ? (
          <>
            <p className="border-b border-slate-100 px-4 py-2 text-sm text-slate-600">
              {showing(data)}
              {filters.search ? ` matching “${filters.search}”` : ""}
            </p>
            <ul aria-label="Shared files" className="divide-y divide-slate-100">
              {files.map((file) => (
                <FileRow key={file.messageId} file={file} signOffs={signOffs} />
              ))}
            </ul>
            <Pager
              list={{
                items: files,
                page: filters.page,
                pageCount: data.pageCount,
                perPage: data.pageSize,
                total: data.total,
              }}
              label="Pages of files"
              className="border-t border-slate-100 px-4 py-3"
            />
          </>
        ) : filtered ? (
          <EmptyState icon={FilesIcon} title="No files match">
            <Link to={path} className="font-medium text-indigo-700 hover:underline">
              Show all files
            </Link>
          </EmptyState>
        ) : (
          <EmptyState icon={FilesIcon} title="No files shared yet">
            Files shared in the chat appear here. Share one above, or attach it to a message.
          </EmptyState>
        )}
      </Card>
    </section>
  );
}

/** "Showing 1–50 of 120 files", "Showing 3 of 3 images". */
function showing({ filters, total, pageSize, files }: SpaceFilesData) {
  const first = (filters.page - 1) * pageSize + 1;
  const last = first + files.length - 1;
  const [one, many] = NOUNS[filters.type ?? "all"];
  const range = first === last ? `${first}` : `${first}–${last}`;
  return `Showing ${range} of ${total} ${total === 1 ? one : many}`;
}

/**
 * The chat's upload, from here: a file and no text, posted to the page
 * (app/web/space-files.server.ts). With JavaScript a file over the chat's limit is
 * refused before it is sent, as the chat does: the server would cut it off unread.
 */
function ShareFileForm({ action, clientId, errors }: { action: string; clientId: string; errors: ListOfErrors }) {
  const [tooLarge, setTooLarge] = useState(false);
  const shown = tooLarge ? [ATTACHMENT_TOO_LARGE.message] : errors;
  const invalid = Boolean(shown?.some(Boolean));
  const checkSize = (event: React.FormEvent<HTMLFormElement>) => {
    const file = new FormData(event.currentTarget).get("file");
    const over = file instanceof File && file.size > ATTACHMENT_MAX_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  };
  return (
    <Form method="post" action={action} encType="multipart/form-data" onSubmit={checkSize} className="space-y-2">
      <input type="hidden" name="clientId" value={clientId} />
      <label htmlFor="share-file" className="block text-sm font-medium text-slate-700">
        Share a file
      </label>
      <p id="share-file-description" className="text-sm text-slate-500">
        An image, PDF, Word or text file, up to 10MB. It is posted in the chat too.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id="share-file"
          type="file"
          name="file"
          required
          accept={ATTACHMENT_ACCEPT}
          aria-invalid={invalid || undefined}
          aria-describedby={clsx("share-file-description", invalid && "share-file-error")}
          className={clsx(
            inputClassName,
            "py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-700",
          )}
        />
        <SubmitButton action={action} pendingText="Uploading...">
          <UploadIcon />
          Upload
        </SubmitButton>
      </div>
      <ErrorList id="share-file-error" errors={shown} />
    </Form>
  );
}

function FileFiltersBar({ path, filters }: { path: string; filters: FileFilters }) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <nav aria-label="File types">
        <ul className="flex flex-wrap gap-1">
          {TYPE_TABS.map((tab) => {
            const current = filters.type === tab.type;
            return (
              <li key={tab.label}>
                <Link
                  to={filesHref(path, { type: tab.type, search: filters.search, page: 1 })}
                  aria-current={current ? "true" : undefined}
                  className={clsx(
                    "block rounded-lg px-3 py-1.5 text-sm font-medium",
                    current ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" action={path} role="search" className="flex min-w-0 items-center gap-2">
        {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
        <label htmlFor="files-search" className="sr-only">
          Search files by name
        </label>
        <input
          key={filters.search}
          id="files-search"
          type="search"
          name="q"
          defaultValue={filters.search}
          placeholder="Search by name"
          className={clsx(inputClassName, "h-9 min-w-0 flex-1 sm:w-56")}
        />
        <button type="submit" className={buttonClassName({ variant: "outline", size: "sm" })}>
          <SearchIcon />
          <span className="sr-only">Search</span>
        </button>
      </Form>
    </div>
  );
}

function FileRow({ file, signOffs }: { file: SpaceFile; signOffs?: FileSignOffs | null }) {
  const clock = useClock();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      {file.isImage ? (
        <img
          src={file.url}
          alt={`Preview of ${file.name}`}
          loading="lazy"
          className="size-12 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <DocumentIcon className="size-6" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <a
          href={file.url}
          download={file.name}
          className="flex min-w-0 items-center gap-1.5 font-medium text-slate-900 hover:text-indigo-700 hover:underline"
        >
          <span className="sr-only">Download </span>
          <span className="truncate">{file.name}</span>
          <DownloadIcon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        </a>
        <p className="text-slate-600">
          {typeLabel(file.type)} · {formatSize(file.size)}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-slate-600">
          <Avatar name={file.sharedBy.name} src={file.sharedBy.avatar} size="xs" alt="" />
          <span>
            Shared by <span className="font-medium text-slate-800">{file.sharedBy.name}</span>
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={file.sharedAt}>{formatDateTime(file.sharedAt, clock)}</time>
        </p>
        {signOffs ? <SignOffLink file={file} signOffs={signOffs} /> : null}
      </div>
    </li>
  );
}

/** Ask for sign-off on a file, or, once it is in one, the way to its card in the chat. */
function SignOffLink({ file, signOffs }: { file: SpaceFile; signOffs: FileSignOffs }) {
  const card = signOffs.cardOf[file.messageId];
  return (
    <Link
      to={card ? `${signOffs.chatPath}#message-${card}` : `${signOffs.chatPath}?sign-off=${file.messageId}#sign-off`}
      className="mt-1 inline-flex items-center gap-1.5 font-medium text-indigo-700 hover:underline"
    >
      <SignOffIcon className="size-4" aria-hidden="true" />
      {card ? "View sign-off" : SIGN_OFF_TEXT.askTitle}
      <span className="sr-only">: {file.name}</span>
    </Link>
  );
}
