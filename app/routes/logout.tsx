import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut } from "~/web/auth.server";

export function loader() {
  // Signing out changes state, so it happens only by POST (a link or prefetch must not do it).
  return redirect("/");
}

// Not through the form pipeline: the button carries nothing to parse, and nobody is refused signing out.
export function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
