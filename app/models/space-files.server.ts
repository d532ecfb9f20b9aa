import { db, countOf } from "~/services/db.server";
import type { FileFilters, FileTypeFilter, SpaceFile, SpaceFilePage } from "~/shared/space-files";
import { loadPeople, type Actor } from "./actors.server";
import { UNKNOWN_USER } from "~/shared/chat-message";
import { Refusal } from "./errors.server";
import { imageUrl } from "~/shared/image-urls";
import { likePattern } from "./messages.server";
import { attachmentPath } from "~/shared/paths";
import { sendMessage, type SentMessage } from "./message-sending.server";
import { findVisibleChat } from "./space-access.server";
import { pageNumber, takePage } from "~/shared/paging";
import { NO_FILE_CHOSEN } from "./uploads.server";

/*
 * A space's files: every file shared in its chat, read from the chat's own messages, so
 * the chat stays the one record. Whoever may see the space's chat may see its files
 * (findVisibleChat), a deleted message's file is gone with it (its tombstone keeps no
 * file), and a file shared from the Files tab is a chat message with no text.
 */

const FILE_TYPE_FILTERS: readonly FileTypeFilter[] = ["images", "documents"];

const SEARCH_MAX_LENGTH = 200;

/**
 * The filters of an address's query (`type`, `q`, `page`), as typed by anyone: an
 * unknown type is all files, a page that is not a positive whole number is the first.
 */
export function readFileFilters(params: URLSearchParams): FileFilters {
  const type = params.get("type");
  return {
    type: FILE_TYPE_FILTERS.find((known) => known === type) ?? null,
    search: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    page: pageNumber(params.get("page")),
  };
}

/**
 * One page of the files shared in the space's chat, newest first, for anyone who may
 * see the space; a 404 refusal ("Space not found") for anyone else.
 */
export async function listSpaceFiles(
  actor: Actor,
  spaceId: string,
  filters: FileFilters = { type: null, search: "", page: 1 },
): Promise<SpaceFilePage> {
  await findVisibleChat(actor, spaceId);
  let query = db
    .selectFrom("space_messages")
    .where("space_id", "=", spaceId)
    .where("deleted_at", "is", null)
    .where("attachment_key", "is not", null);
  if (filters.type === "images") query = query.where("attachment_type", "like", "image/%");
  if (filters.type === "documents") query = query.where("attachment_type", "not like", "image/%");
  const search = filters.search.trim().slice(0, SEARCH_MAX_LENGTH);
  if (search) query = query.where("attachment_name", "ilike", likePattern(search));

  const {
    items: rows,
    page,
    pageCount,
    perPage,
    total,
  } = await takePage(
    filters.page,
    () => countOf(query),
    ({ limit, offset }) =>
      query
        .select(["id", "sender_id", "attachment_name", "attachment_type", "attachment_size", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  );

  const people = await loadPeople(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])));
  const files = rows.map((row): SpaceFile => {
    const sender = row.sender_id ? people.get(row.sender_id) : undefined;
    const type = row.attachment_type ?? "application/octet-stream";
    return {
      messageId: row.id,
      name: row.attachment_name ?? "file",
      type,
      size: row.attachment_size ?? 0,
      isImage: type.startsWith("image/"),
      url: attachmentPath(row.id),
      sharedBy: {
        id: row.sender_id ?? "",
        name: sender?.name ?? UNKNOWN_USER,
        avatar: imageUrl(sender?.avatarKey),
      },
      sharedAt: row.created_at.toISOString(),
    };
  });
  return { files, total, filters: { type: filters.type, search, page }, pageCount, pageSize: perPage };
}

/**
 * Shares a file from the Files tab: a chat message with the file and no text, sent as
 * any message is (stored, logged, broadcast to the space), so it shows in the chat too.
 * A space out of reach is not found before a missing file is told.
 */
export async function shareFile(
  actor: Actor,
  spaceId: string,
  { clientId, file }: { clientId: string; file: FormDataEntryValue | null },
): Promise<SentMessage> {
  if (!(file instanceof File) || file.size === 0) {
    await findVisibleChat(actor, spaceId);
    throw new Refusal(NO_FILE_CHOSEN.message, { title: NO_FILE_CHOSEN.title, field: "file" });
  }
  return sendMessage(actor, spaceId, { clientId, content: "", file });
}
