import { Link } from "@remix-run/react";
import { Avatar } from "~/components/ui/avatar";
import { Card } from "~/components/ui/card";
import { DetailsMenu, destructiveMenuItemClassName, menuItemClassName } from "~/components/ui/details-menu";
import { EditIcon, MailIcon, PhoneIcon, SpacesIcon, UserMinusIcon } from "~/components/ui/icons";
import type { TeamMemberCard } from "~/models/people.server";
import { useHydrated } from "~/components/use-hydrated";
import { imageUrl } from "~/models/image-urls";
import { TEAM_ROLE_LABELS } from "~/models/roles";
import { teamMemberPath } from "./edit-member-form";

export type MemberDialog = "edit" | "spaces" | "remove";

/**
 * A team member's card (SPEC §2.9): picture, name, role, email, mobile number, spaces,
 * and for the agency the menu: Edit Details, Assign to Space (Manage Spaces once they
 * have one), Remove Member. The menu's links lead to the member's page; with
 * JavaScript they open the dialog in place instead.
 */
export function MemberCard({
  member,
  editable,
  onOpen,
}: {
  member: TeamMemberCard;
  editable: boolean;
  onOpen?: (dialog: MemberDialog, memberId: string) => void;
}) {
  const hydrated = useHydrated();
  const item = (dialog: MemberDialog) => ({
    to: `${teamMemberPath(member.id)}#${dialog}`,
    onClick: (event: React.MouseEvent) => {
      if (!hydrated || !onOpen) return;
      event.preventDefault();
      onOpen(dialog, member.id);
    },
  });
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-4">
        <Avatar name={member.name} src={imageUrl(member.avatarKey)} size="lg" alt="" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-slate-900">{member.name}</h3>
          <p className="text-sm text-indigo-700">{TEAM_ROLE_LABELS[member.role]}</p>
        </div>
        {editable ? (
          <DetailsMenu label={`Actions for ${member.name}`}>
            <Link {...item("edit")} className={menuItemClassName}>
              <EditIcon />
              Edit Details
            </Link>
            <Link {...item("spaces")} className={menuItemClassName}>
              <SpacesIcon />
              {member.spaces.length ? "Manage Spaces" : "Assign to Space"}
            </Link>
            <div className="my-1 h-px bg-slate-100" role="separator" />
            <Link {...item("remove")} className={destructiveMenuItemClassName}>
              <UserMinusIcon />
              Remove Member
            </Link>
          </DetailsMenu>
        ) : null}
      </div>
      <ContactLines email={member.email} mobileNumber={member.mobileNumber} />
      <SpaceList spaces={member.spaces} />
    </Card>
  );
}

export function ContactLines({ email, mobileNumber }: { email: string; mobileNumber: string | null }) {
  return (
    <dl className="mt-4 space-y-1 text-sm text-slate-600">
      <div className="flex items-center gap-2">
        <dt className="sr-only">Email</dt>
        <MailIcon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <dd className="truncate">{email}</dd>
      </div>
      {mobileNumber ? (
        <div className="flex items-center gap-2">
          <dt className="sr-only">Mobile number</dt>
          <PhoneIcon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <dd>{mobileNumber}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function SpaceList({ spaces }: { spaces: Array<{ id: string; name: string }> }) {
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Spaces</p>
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
    </div>
  );
}

export function OwnerCard({
  owner,
}: {
  owner: { name: string; email: string; agencyName: string; avatarKey: string | null };
}) {
  return (
    <Card className="flex h-full flex-col border-indigo-200 p-5">
      <div className="flex items-start gap-4">
        <Avatar name={owner.name} src={imageUrl(owner.avatarKey)} size="lg" alt="" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-slate-900">{owner.name}</h3>
          <p className="text-sm text-indigo-700">Owner · {owner.agencyName}</p>
        </div>
      </div>
      <ContactLines email={owner.email} mobileNumber={null} />
    </Card>
  );
}
