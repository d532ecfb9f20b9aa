import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut } from "~/web/auth.server";

export function loader() {
  // Signing out changes state, so it happens only by POST (a link or prefetch must not do it).
  return redirect("/");
}

export function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
