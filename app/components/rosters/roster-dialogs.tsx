import { Modal } from "~/components/ui/dialog";
import type { PersonSpace } from "~/shared";
import type { PersonDialog } from "./person-card";
import type { PersonCardData, PersonView } from "./person-view";
import { RemovePersonForm } from "./remove-person";
import { SpaceToggles } from "./space-toggles";

/**
 * The dialogs of a roster's card menus (SPEC §2.9, §2.10): Edit Details (for the kinds
 * that edit in a dialog), the person's spaces, and Remove. Loaded when a card's menu is
 * first reached (person-roster.tsx): the agency's rosters are read far more often than
 * they are edited, and these carry Headless UI's dialog and the forms.
 */
export default function RosterDialogs<Card extends PersonCardData>({
  view,
  dialog,
  person,
  spaces,
  returnTo,
  onClose,
}: {
  view: PersonView<Card>;
  /** The dialog open, if any. */
  dialog: PersonDialog | null;
  /** The person it is open for, as the latest data has them. */
  person: Card | undefined;
  spaces: PersonSpace[];
  returnTo: string;
  onClose: () => void;
}) {
  return (
    <>
      <Modal open={dialog === "edit" && Boolean(person)} onClose={onClose} title={view.editTitle}>
        {person ? <view.EditForm person={person} returnTo={returnTo} onCancel={onClose} /> : null}
      </Modal>
      <Modal
        open={dialog === "spaces" && Boolean(person)}
        onClose={onClose}
        title={person ? `Spaces of ${person.name}` : "Spaces"}
        description={view.spacesDescription}
      >
        {person ? (
          <SpaceToggles
            actionPath={view.path(person.id)}
            personName={person.name}
            spaces={spaces}
            assignedIds={person.spaces.map((space) => space.id)}
          />
        ) : null}
      </Modal>
      <Modal open={dialog === "remove" && Boolean(person)} onClose={onClose} title={view.removeLabel}>
        {person ? (
          <RemovePersonForm
            actionPath={view.path(person.id)}
            confirmation={view.removeConfirmation(person.name)}
            label={view.removeLabel}
            onCancel={onClose}
          />
        ) : null}
      </Modal>
    </>
  );
}
