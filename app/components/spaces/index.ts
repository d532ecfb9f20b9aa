/*
 * What a space's pages show around their content, as those pages import it: the space's
 * header and tabs (a client's header on theirs), the sign-off badge the header and the
 * dashboards carry, and the page a space that is not found gets. Imported through this
 * one module, they make one chunk of the browser build for every page that shows a
 * space, not one each (app/components/ui/index.ts says why).
 */
export * from "./client-space-header";
export * from "./space-header";
export * from "./space-not-found";
export * from "./space-tabs";
export * from "~/components/sign-offs/sign-off-badge";
