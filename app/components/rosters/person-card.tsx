import { Link } from "@remix-run/react";
import { PresenceAvatar } from "~/components/realtime";
import type { Presence } from "~/shared/presence-words";
import {
  cardClassName,
  clsx,
  DetailsMenu,
  destructiveMenuItemClassName,
  menuItemClassName,
  EditIcon,
  MailIcon,
  PhoneIcon,
  SpacesIcon,
  UserMinusIcon,
  withSearchParam,
} from "~/components/ui";
import { imageUrl } from "~/shared";
import type { PersonCardData, PersonView } from "./person-view";

export type PersonDialog = "edit" | "spaces" | "remove";

/**
 * A person's card (SPEC §2.9, §2.10): picture, name, role, email, mobile number, spaces,
 * and for the agency the menu: Edit Details, Assign to Space (Manage Spaces once they
 * have one), Remove Member or Remove Client. The menu's links work without JavaScript
 * (the person's page, or ?edit= for an edit in place); with it they open in place.
 * An item of the roster's `<ul>`, the item being the card: a roster page holds fifty, so
 * each is drawn in as few elements as it can be (issue 41).
 */
export function PersonCard<Card extends PersonCardData>({
  view,
  person,
  editable,
  editing,
  returnTo,
  onEdit,
  onOpen,
}: {
  view: PersonView<Card>;
  person: Card;
  editable: boolean;
  /** Shows the edit in place of the card (kinds that edit inline). */
  editing?: boolean;
  returnTo: string;
  onEdit?: (personId: string | null) => void;
  onOpen?: (dialog: PersonDialog, personId: string) => void;
}) {
  const item = (dialog: PersonDialog) => ({
    to: `${view.path(person.id)}#${dialog}`,
    onClick: (event: React.MouseEvent) => {
      if (!onOpen) return;
      event.preventDefault();
      onOpen(dialog, person.id);
    },
  });
  const editItem = view.editInline
    ? {
        to: withSearchParam(returnTo, "edit", person.id),
        onClick: (event: React.MouseEvent) => {
          if (!onEdit) return;
          event.preventDefault();
          onEdit(person.id);
        },
      }
    : item("edit");
  if (editing) {
    return (
      <li className={clsx(cardClassName, "p-5")}>
        <h3 className="mb-3 text-base font-semibold text-slate-900">Edit {person.name}</h3>
        <view.EditForm person={person} returnTo={returnTo} onCancel={() => onEdit?.(null)} />
      </li>
    );
  }
  const website = view.website(person);
  return (
    <li className={clsx(cardClassName, "flex flex-col p-5")}>
      <PersonHeading
        name={person.name}
        avatarKey={person.avatarKey}
        line={view.roleLine(person)}
        userId={person.userId}
        presence={person.presence}
      >
        {editable ? (
          <DetailsMenu id={`actions-${person.id}`} label={`Actions for ${person.name}`}>
            <Link {...editItem} className={menuItemClassName}>
              <EditIcon />
              Edit Details
            </Link>
            <Link {...item("spaces")} className={menuItemClassName}>
              <SpacesIcon />
              {person.spaces.length ? "Manage Spaces" : "Assign to Space"}
            </Link>
            <div className="my-1 h-px bg-slate-100" role="separator" />
            <Link {...item("remove")} className={destructiveMenuItemClassName}>
              <UserMinusIcon />
              {view.removeLabel}
            </Link>
          </DetailsMenu>
        ) : null}
      </PersonHeading>
      <ContactLines email={person.email} mobileNumber={view.phone(person)} emailBouncing={person.emailBouncing} />
      {website ? (
        <a href={website} className="mt-1 truncate text-sm text-indigo-700 hover:underline" rel="noreferrer">
          {website.replace(/^https?:\/\//, "")}
        </a>
      ) : null}
      <SpaceList spaces={person.spaces} />
    </li>
  );
}

/** A card's picture, name and the line under it; `children` at the right (the actions menu). */
export function PersonHeading({
  name,
  avatarKey,
  line,
  userId = null,
  presence = null,
  children,
}: {
  name: string;
  avatarKey: string | null;
  line: string;
  /** Their account and whether they are online, as the viewer may see it. */
  userId?: string | null;
  presence?: Presence | null;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <PresenceAvatar name={name} src={imageUrl(avatarKey)} size="lg" alt="" userId={userId} presence={presence} />
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-base font-semibold text-slate-900">{name}</h3>
        <p className="text-sm text-indigo-700">{line}</p>
      </div>
      {children}
    </div>
  );
}

export function ContactLines({
  email,
  mobileNumber,
  emailBouncing = false,
}: {
  email: string;
  mobileNumber: string | null;
  /** Mail to the address bounced or was marked as spam (issue 37): said beside it. */
  emailBouncing?: boolean;
}) {
  return (
    // Each line is named by its icon: a term of its own for each was two elements more a card.
    <div className="mt-4 space-y-1 text-sm text-slate-600">
      <p className="flex items-center gap-2">
        <MailIcon aria-label="Email" className="size-4 shrink-0 text-slate-400" />
        <span className="truncate">{email}</span>
        {emailBouncing ? (
          <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
            Email bouncing
          </span>
        ) : null}
      </p>
      {mobileNumber ? (
        <p className="flex items-center gap-2">
          <PhoneIcon aria-label="Mobile number" className="size-4 shrink-0 text-slate-400" />
          {mobileNumber}
        </p>
      ) : null}
    </div>
  );
}

function SpaceList({ spaces }: { spaces: Array<{ id: string; name: string }> }) {
  return (
    <>
      <p className="mt-4 border-t border-slate-100 pt-3 text-xs font-medium uppercase tracking-wide text-slate-500">
        Spaces
      </p>
      {spaces.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {spaces.map((space) => (
            <li key={space.id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {space.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">No spaces assigned yet.</p>
      )}
    </>
  );
}
