import { useLocation, useSearchParams } from "@remix-run/react";
import { lazy, useState } from "react";
import { InvitationsTable, type ListedInvitation } from "~/components/invitations/invitations-table";
import { OnceOpened, OPEN_PARAM, PageHeader, Pager, prefetchOn, withSearchParam } from "~/components/ui";
import { type Page, type PersonSpace } from "~/shared";
import { PersonCard, type PersonDialog } from "./person-card";
import type { PersonCardData, PersonView } from "./person-view";
import type RosterDialogsOfModule from "./roster-dialogs";

const loadDialogs = () => import("./roster-dialogs");
// React.lazy keeps no type parameter: the dialogs are the module's component, generic over the kind of card.
const RosterDialogs = lazy(loadDialogs) as unknown as typeof RosterDialogsOfModule;

export type RosterInvitations = Page<ListedInvitation>;

/**
 * A roster of people of one kind (SPEC §2.9, §2.10, §2.3, §2.4): its header, a card for
 * each person of the page (after the `lead`, the agency's owner card), what shows when
 * nobody is there, the pending invitations for whoever may invite, and for the agency
 * the dialogs of the cards' menus. Dialogs name a person by id, so that they show the
 * person as the latest data has them (after a space is toggled). What is done on the
 * roster comes back to the same pages of people and invitations.
 */
export function PersonRoster<Card extends PersonCardData>({
  view,
  title,
  subtitle,
  actions,
  people,
  lead,
  empty,
  spaces,
  editable,
  returnTo,
  invitations,
}: {
  view: PersonView<Card>;
  title: string;
  subtitle: string;
  /** The header's buttons. */
  actions?: React.ReactNode;
  /** A page of the people. */
  people: Page<Card>;
  /** A card before the people's (the agency's owner card). */
  lead?: React.ReactNode;
  /** What shows when nobody is listed (below the lead, if there is one). */
  empty: React.ReactNode;
  /** The agency's spaces, for the spaces dialog. */
  spaces: PersonSpace[];
  /** The agency: the cards' menus and their dialogs. */
  editable: boolean;
  /** This roster's path: where an edit in place returns (to the pages it was on). */
  returnTo: string;
  /** Pending invitations, for whoever may invite. */
  invitations?: { list: RosterInvitations; showCompany: boolean } | null;
}) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Where an edit or a dialog comes back to: the list as it was, no card in edit and no menu open.
  const here = withSearchParam(withSearchParam(`${returnTo}${location.search}`, "edit", null), OPEN_PARAM, null);
  const [editing, setEditing] = useState<{ id: string | null; key: string } | null>(null);
  // Edit mode lasts until the next navigation (a saved edit redirects); without JavaScript ?edit= opens it.
  const editId = editing?.key === location.key ? editing.id : searchParams.get("edit");
  // A dialog, too, lasts until the next navigation: a saved edit redirects, and so closes it
  // as a removal does; a refused one answers in place and keeps it open with the errors.
  const [opened, setOpen] = useState<{ dialog: PersonDialog; personId: string; key: string } | null>(null);
  const open = opened?.key === location.key ? opened : null;
  const close = () => setOpen(null);
  const person = open ? people.items.find((candidate) => candidate.id === open.personId) : undefined;

  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle={subtitle}>
        {actions}
      </PageHeader>
      {people.items.length || lead ? (
        <ul
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          // The dialogs' module is fetched as the pointer or the focus comes to the cards (their menus open them).
          {...(editable && prefetchOn(loadDialogs))}
        >
          {lead ? <li>{lead}</li> : null}
          {people.items.map((card) => (
            <PersonCard
              key={card.id}
              view={view}
              person={card}
              editable={editable}
              editing={view.editInline && editable && editId === card.id}
              returnTo={here}
              onEdit={(id) => setEditing({ id, key: location.key })}
              onOpen={(dialog, personId) => setOpen({ dialog, personId, key: location.key })}
            />
          ))}
        </ul>
      ) : null}
      {people.items.length ? null : empty}
      <Pager list={people} label={`Pages of ${title}`} />
      {invitations ? (
        <InvitationsTable invitations={invitations.list} showCompany={invitations.showCompany} returnTo={here} />
      ) : null}
      {editable ? (
        <OnceOpened open={open !== null}>
          <RosterDialogs
            view={view}
            dialog={open?.dialog ?? null}
            person={person}
            spaces={spaces}
            returnTo={here}
            onClose={close}
          />
        </OnceOpened>
      ) : null}
    </div>
  );
}
