import type { ChatPerson } from "./chat-message";

/* A space's Files tab (app/models/space-files.server.ts). */

/** What the Files tab shows: a kind of file (null: all), a part of the name, and which page. */
export type FileFilters = { type: FileTypeFilter | null; search: string; page: number };

/** The kinds a list of files can be narrowed to; anything that is not an image is a document. */
export type FileTypeFilter = "images" | "documents";

export type SpaceFile = {
  messageId: string;
  name: string;
  /** The type the bytes proved (app/models/uploads.server.ts), e.g. "image/png". */
  type: string;
  size: number;
  isImage: boolean;
  /** The chat's private download address (members of the space only). */
  url: string;
  sharedBy: ChatPerson;
  sharedAt: string;
};

export type SpaceFilePage = {
  files: SpaceFile[];
  /** How many files match the filters, on every page together. */
  total: number;
  /** The filters as applied: a page past the last is the last. */
  filters: FileFilters;
  pageCount: number;
  pageSize: number;
};
