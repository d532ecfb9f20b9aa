import { Form, useFetcher } from "@remix-run/react";
import { clsx, CheckCircleIcon, PlusIcon } from "~/components/ui";

type SpaceOption = { id: string; name: string };

/**
 * Manage Spaces (SPEC §2.9, §4): one button per space of the agency; pressing an
 * unassigned one assigns the person, an assigned one takes them off. With JavaScript
 * each press posts through its own fetcher and shows its outcome at once, falling back
 * to the server's answer if it fails (the toast says why). Without JavaScript (`plain`)
 * each is a form that comes back to this page.
 */
export function SpaceToggles({
  actionPath,
  personName,
  spaces,
  assignedIds,
  plain,
}: {
  /** The person's page, whose action assigns and un-assigns. */
  actionPath: string;
  personName: string;
  spaces: SpaceOption[];
  assignedIds: string[];
  /** Plain forms that redirect back here, for the page without JavaScript. */
  plain?: { redirectTo: string };
}) {
  if (!spaces.length) {
    return <p className="text-sm text-slate-600">Your agency has no spaces yet. Create one on the Spaces page.</p>;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Spaces of ${personName}`}>
      {spaces.map((space) => (
        <li key={space.id}>
          <SpaceToggle
            actionPath={actionPath}
            space={space}
            assigned={assignedIds.includes(space.id)}
            redirectTo={plain?.redirectTo}
          />
        </li>
      ))}
    </ul>
  );
}

function SpaceToggle({
  actionPath,
  space,
  assigned,
  redirectTo,
}: {
  actionPath: string;
  space: SpaceOption;
  assigned: boolean;
  redirectTo?: string;
}) {
  const fetcher = useFetcher();
  const pendingIntent = fetcher.formData?.get("intent");
  // Optimistic: while the request runs, show what was asked for; afterwards the loader's data decides.
  const shown = pendingIntent ? pendingIntent === "assign" : assigned;
  const FormElement = redirectTo ? Form : fetcher.Form;
  return (
    <FormElement method="post" action={actionPath}>
      <input type="hidden" name="spaceId" value={space.id} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button
        type="submit"
        name="intent"
        value={shown ? "unassign" : "assign"}
        aria-pressed={shown}
        className={clsx(
          "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 [&_svg]:size-4",
          shown
            ? "border-indigo-200 bg-indigo-50 text-indigo-800 hover:bg-indigo-100"
            : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
        )}
      >
        {shown ? <CheckCircleIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
        {space.name}
      </button>
    </FormElement>
  );
}
