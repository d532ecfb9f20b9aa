import { Link, useActionData } from "@remix-run/react";
import { type PersonActionAnswer, type PersonSpace } from "~/shared";
import { readPersonAnswer } from "./person-answer";
import { PersonSection } from "./person-section";
import type { PersonCardData, PersonView } from "./person-view";
import { RemovePersonForm } from "./remove-person";
import { SpaceToggles } from "./space-toggles";
import { TemporaryPasswordSection } from "./temporary-password";

/**
 * One team member or client, for the agency (SPEC §2.9, §2.10): the card's dialogs as
 * a page, for the browser without JavaScript and the menu's links: edit, spaces, login
 * and removal, each a section its link opens at (#edit, #spaces, #login, #remove).
 */
export function PersonPage<Card extends PersonCardData>({
  view,
  person,
  spaces,
}: {
  view: PersonView<Card>;
  person: Card;
  /** The agency's spaces. */
  spaces: PersonSpace[];
}) {
  const answer = readPersonAnswer(useActionData<PersonActionAnswer>());
  const path = view.path(person.id);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to={view.rosterPath} className="text-sm font-medium text-indigo-700 hover:underline">
          {view.backLabel}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{person.name}</h1>
        <p className="mt-1 text-sm text-slate-600">{view.pageSubtitle(person)}</p>
      </div>
      <PersonSection id="edit" title={view.editTitle}>
        <view.EditForm person={person} returnTo={view.rosterPath} lastResult={answer.edit} />
      </PersonSection>
      <PersonSection id="spaces" title={person.spaces.length ? "Manage Spaces" : "Assign to Space"}>
        <SpaceToggles
          actionPath={path}
          personName={person.name}
          spaces={spaces}
          assignedIds={person.spaces.map((space) => space.id)}
          plain={{ redirectTo: path }}
        />
      </PersonSection>
      <PersonSection id="login" title="Login">
        <TemporaryPasswordSection hasLogin={person.hasLogin} issued={answer.issued} error={answer.passwordError} />
      </PersonSection>
      <PersonSection id="remove" title={view.removeLabel}>
        <RemovePersonForm
          actionPath={path}
          confirmation={view.removeConfirmation(person.name)}
          label={view.removeLabel}
        />
      </PersonSection>
    </div>
  );
}
