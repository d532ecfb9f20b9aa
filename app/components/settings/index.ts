/*
 * The settings pages, as their routes import them: the tabs' frame, each tab's page and
 * what a tab shows when its data would not load. Imported through this one module, they
 * make one chunk of the browser build for every settings page, not one for each piece
 * its set of routes shares (app/components/ui/index.ts says why): a first visit to a tab
 * named 21 scripts, each a round trip on a phone's network before the first paint.
 */
export * from "./audit-log";
export * from "./load-error";
export * from "./notifications-page";
export * from "./profile-page";
export * from "./security-page";
export * from "./settings-layout";
