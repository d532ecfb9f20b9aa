import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ui";
import { pageMeta } from "~/shared";

/*
 * Any path no other route matches: a 404, rendered by the error boundary below. A post
 * here is a 404 too, without reading it: there is no form, so nothing for the form
 * pipeline (app/web/form-action.server.ts) to parse or refuse.
 */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () =>
  pageMeta("Page not found", "The page you are looking for doesn't exist or has been moved.");

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
