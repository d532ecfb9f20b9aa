/* What the chat's file inputs offer and how a file's size reads, wherever a chat file is chosen or listed. */

/** What a file input offers; the server decides from the bytes (app/models/uploads.server.ts). */
export const ATTACHMENT_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,.pdf,.doc,.docx,.txt";

/** "34 B", "1.5 KB", "2.0 MB". */
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
