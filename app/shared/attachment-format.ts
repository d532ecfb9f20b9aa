/* What the chat's file inputs offer, wherever a chat file is chosen. */

/** What a file input offers; the server decides from the bytes (app/models/uploads.server.ts). */
export const ATTACHMENT_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,.pdf,.doc,.docx,.txt";
