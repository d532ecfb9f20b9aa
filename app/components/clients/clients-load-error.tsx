import { LoadFailureBoundary, TryAgainLink, Alert } from "~/components/ui";

/**
 * The ErrorBoundary of every clients page (SPEC §2.10: "Error Loading Clients" with Try
 * Again), with the page's own words: "Failed to load clients." or, for client users,
 * "Failed to load employees." A refusal keeps its usual answer (LoadFailureBoundary).
 */
export function ClientsLoadError({ people }: { people: "clients" | "employees" }) {
  return (
    <LoadFailureBoundary>
      <Alert variant="destructive" title="Error Loading Clients">
        <p>Failed to load {people}. Please try again.</p>
        <div className="mt-3">
          <TryAgainLink />
        </div>
      </Alert>
    </LoadFailureBoundary>
  );
}
