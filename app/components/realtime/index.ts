/*
 * The browser's live side, as the pages import it: the one socket per tab and its
 * reconnection, people's presence and the avatar that shows it, and reading a route's
 * JSON when the socket says something changed. Imported through this one module, they
 * make one chunk of the browser build, not one each (app/components/ui/index.ts says why).
 */
export * from "./keep-connected";
export * from "./live-socket";
export * from "./use-live-presence";
export * from "~/components/get-json";
export * from "~/components/ui/presence-avatar";
