import { createCookie } from "@remix-run/node";

/** SPEC.md §9: the sidebar remembers its state in a cookie for 7 days. */
export const sidebarCookie = createCookie("sidebar_state", {
  path: "/",
  maxAge: 60 * 60 * 24 * 7,
  sameSite: "lax",
  httpOnly: true,
});

export type SidebarState = "collapsed" | "expanded";

/** Whether the signed-in layout should render the sidebar collapsed (default: expanded). */
export async function getSidebarCollapsed(request: Request): Promise<boolean> {
  const value: unknown = await sidebarCookie.parse(request.headers.get("Cookie"));
  return value === "collapsed";
}

/** The Set-Cookie header value that remembers the sidebar state. */
export function serializeSidebarState(collapsed: boolean): Promise<string> {
  const state: SidebarState = collapsed ? "collapsed" : "expanded";
  return sidebarCookie.serialize(state);
}
