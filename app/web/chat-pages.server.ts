/*
 * What the chat pages' loaders and actions call (/spaces/{id} and /client/chat/{id}),
 * through one `.server` module: the browser build stands an empty module in for each
 * `.server` import a route makes, and each stand-in that a different set of routes
 * shared became a chunk the chat page preloaded. This one only these two routes import,
 * so its stand-in goes with the chat's own components.
 */
export { redirect } from "@remix-run/node";
export { getChatOverview } from "~/models/chat-sides.server";
export { homeArea } from "~/models/policy.server";
export { answerChatForm, loadChat } from "./chat.server";
export { expectFound } from "./errors.server";
export { requireActor } from "./guards.server";
