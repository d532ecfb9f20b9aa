/*
 * The UI kit as the pages import it: its primitives, and the hooks and page-wide pieces
 * they are drawn with. The browser build (esbuild, under Remix's classic compiler) puts
 * each module in a chunk of the routes that reach it, so when each route imported the
 * few primitives it used, each primitive made a chunk of its own, and a chat page named
 * 50 `modulepreload`s. Reached through this one module, they share one set of routes
 * and one chunk (docs/performance.md, "fewer chunks"). A module with a library of its
 * own (the dialog's Headless UI, conform in the password and phone fields, the live
 * socket behind the presence avatar) stays outside, so that only its pages load it.
 * clsx, which joins the kit's class names, comes from here too: imported beside it by
 * a few more pages, it was a chunk of 374 bytes of its own.
 */
export { clsx } from "clsx";
export * from "./alert";
export * from "./avatar";
export * from "./button";
export * from "./card";
export * from "./details-menu";
export * from "./dialog-state";
export * from "./empty-state";
export * from "./field";
export * from "./icons";
export * from "./on-demand-details";
export * from "./page-header";
export * from "./pager";
export * from "./tooltip";
export * from "~/components/error-boundary";
export * from "~/components/toaster";
export * from "~/components/use-clock";
export * from "~/components/use-hydrated";
