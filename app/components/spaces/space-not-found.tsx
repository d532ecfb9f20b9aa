import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { TryAgainLink, Alert, buttonClassName } from "~/components/ui";
import { pageMeta } from "~/shared";

/** The title of a space's page that failed: "Space not found" for a refusal, else the page's own load failure. */
export function spaceErrorMeta(error: unknown, loadFailure: string, description: string) {
  return isRouteErrorResponse(error) && error.status === 404
    ? pageMeta("Space not found", "This space does not exist, or you do not take part in it.")
    : pageMeta(loadFailure, description);
}

/**
 * The error boundary of a space's pages: SPEC §2.8's "Space not found" for unknown and
 * foreign ids alike (the models answer 404 for both), else the page's own load failure
 * with Try Again.
 */
export function SpaceNotFound({ loadFailure = "Failed to load space details." }: { loadFailure?: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-lg space-y-4 py-10 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {notFound ? "Space not found" : "Something went wrong"}
      </h1>
      {notFound ? (
        <p className="text-sm text-slate-600">This space does not exist, or you do not take part in it.</p>
      ) : (
        <Alert variant="destructive">{loadFailure}</Alert>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {notFound ? null : <TryAgainLink />}
        <Link to="/spaces" className={buttonClassName({ variant: "outline" })}>
          Back to Spaces
        </Link>
      </div>
    </div>
  );
}
