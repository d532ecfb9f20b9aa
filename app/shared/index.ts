/*
 * What the browser and the server share, as the browser's modules import it. Each
 * module's chunk in the browser build is the set of routes that reach it, so when each
 * route imported the few of these it used, most of them made a chunk of their own (see
 * app/components/ui/index.ts, which does the same for the UI kit). The zod schemas and
 * form constraints (forms only), and the presence words (date-fns), stay outside, so
 * that only their pages load them.
 */
export * from "./attachment-format";
export * from "./audit-kinds";
export * from "./audit";
export * from "./chat-message";
export * from "./chat-page";
export * from "./chat-sides";
export * from "./chat-toasts";
export * from "./form-reply";
export * from "./image-urls";
export * from "./invitations";
export * from "./mentions";
export * from "./meta";
export * from "./owner-name";
export * from "./paging";
export * from "./paths";
export * from "./people";
export * from "./phone";
export * from "./profiles";
export * from "./protocol";
export * from "./roles";
export * from "./search-query";
export * from "./search";
export * from "./settings";
export * from "./shell";
export * from "./sign-offs";
export * from "./space-files";
export * from "./spaces";
export * from "./theme";
export * from "./time-format";
export * from "./toast";
export * from "./two-factor";
export * from "./unread";
