import { Link } from "@remix-run/react";
import { type UserType, type SpaceSummary, deleteSpacePath, imageUrl, spacePath } from "~/shared";
import {
  Avatar,
  buttonClassName,
  cardClassName,
  clsx,
  DetailsMenu,
  destructiveMenuItemClassName,
  menuItemClassName,
  ArrowRightIcon,
  ClientsIcon,
  EditIcon,
  MailIcon,
  TeamIcon,
  TrashIcon,
} from "~/components/ui";
import { UnreadBadge } from "~/components/chat/unread-badge";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A space on the list (SPEC §2.7), an item of the list's `<ul>`: logo, name, email, the
 * team member and client counts, Enter Space (Enter Chat for clients), and for editors
 * the actions menu. A page of the grid holds 24 (CARDS_PER_PAGE), each drawn in as few
 * elements as it can be (issue 41): the item is the card, and the counts are a line of text.
 */
export function SpaceCard({
  space,
  userType,
  editable = false,
  onDelete,
}: {
  space: SpaceSummary;
  userType: UserType;
  editable?: boolean;
  /** Opens the delete confirmation in place (with JavaScript); without it the menu links to its page. */
  onDelete?: (space: SpaceSummary) => void;
}) {
  const isClient = userType === "CLIENT";
  return (
    <li className={clsx(cardClassName, "flex flex-col p-5")}>
      <div className="flex items-start gap-4">
        <Avatar name={space.name} src={imageUrl(space.logoKey)} shape="square" size="lg" alt="" />
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <span className="truncate">{space.name}</span>
            <UnreadBadge count={space.unread} />
          </h2>
          {space.email ? (
            <p className="mt-0.5 flex items-center gap-1.5 truncate text-sm text-slate-600">
              <MailIcon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="truncate">{space.email}</span>
            </p>
          ) : null}
        </div>
        {editable ? (
          <DetailsMenu id={`actions-${space.id}`} label={`Actions for ${space.name}`}>
            <Link to={`/spaces/${space.id}/edit`} className={menuItemClassName}>
              <EditIcon />
              Edit Space
            </Link>
            <Link to={`/spaces/${space.id}/team`} className={menuItemClassName}>
              <TeamIcon />
              Manage Team
            </Link>
            <Link to={`/spaces/${space.id}/clients`} className={menuItemClassName}>
              <ClientsIcon />
              Manage Clients
            </Link>
            <div className="my-1 h-px bg-slate-100" role="separator" />
            <Link
              to={deleteSpacePath(space.id)}
              className={destructiveMenuItemClassName}
              onClick={(event) => {
                if (!onDelete) return;
                event.preventDefault();
                onDelete(space);
              }}
            >
              <TrashIcon />
              Delete Space
            </Link>
          </DetailsMenu>
        ) : null}
      </div>
      <p className={clsx("mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600", !isClient && "mb-5")}>
        <span className="flex items-center gap-1.5">
          <TeamIcon className="size-4 text-slate-400" aria-hidden="true" />
          {plural(space.teamMemberCount, "team member", "team members")}
        </span>
        <span className="flex items-center gap-1.5">
          <ClientsIcon className="size-4 text-slate-400" aria-hidden="true" />
          {isClient
            ? plural(space.clientCount, "employee", "employees")
            : plural(space.clientCount, "client", "clients")}
        </span>
      </p>
      {isClient ? (
        <Link
          to={`/spaces/${space.id}/clients`}
          className="mb-5 mt-2 self-start text-sm font-medium text-indigo-700 hover:underline"
          aria-label={`Employees of ${space.name}`}
        >
          View employees
        </Link>
      ) : null}
      <Link
        to={spacePath(userType, space.id)}
        className={buttonClassName({ variant: "secondary", className: "mt-auto w-full" })}
        aria-label={`${isClient ? "Enter Chat" : "Enter Space"}: ${space.name}`}
      >
        {isClient ? "Enter Chat" : "Enter Space"}
        <ArrowRightIcon />
      </Link>
    </li>
  );
}
