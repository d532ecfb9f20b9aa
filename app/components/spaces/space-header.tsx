import { Link } from "@remix-run/react";
import { type UserType, type SpaceOverview, imageUrl } from "~/shared";
import { Avatar, buttonClassName, Card, DownloadIcon, EditIcon, LinkIcon, MailIcon, PhoneIcon } from "~/components/ui";
import { SpaceTabs } from "./space-tabs";

/**
 * The top of a space (SPEC §2.8): its name and tagline, its Chat, Files and Sign-offs tabs, then
 * the Client Owner card (the client who owns it) and the Agency Owner card (the agency).
 * The tab's page follows.
 */
export function SpaceHeader({
  space,
  userType,
  chatId = space.id,
}: {
  space: SpaceOverview;
  userType: UserType;
  /** The chat the page shows: the space's own, or its team side's (issue 38), whose Chat and Files the tabs lead to. */
  chatId?: string;
}) {
  const company = space.company || space.clientOwner?.company || space.name;
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-x-8 gap-y-3">
          <div className="flex min-w-0 items-center gap-4">
            <Avatar name={space.name} src={imageUrl(space.logoKey)} shape="square" size="xl" alt="" />
            <div className="min-w-0">
              <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{space.name}</h1>
              <p className="mt-1 text-sm text-slate-600">
                The private space of {company} and {space.agency.name}.
              </p>
            </div>
          </div>
          <SpaceTabs userType={userType} spaceId={space.id} chatId={chatId} />
        </div>
        {space.canEdit || space.canExport ? (
          <div className="flex flex-wrap gap-3">
            {space.canExport ? <ExportSpaceLink spaceId={space.id} /> : null}
            {space.canEdit ? (
              <Link to={`/spaces/${space.id}/edit`} className={buttonClassName({ variant: "outline" })}>
                <EditIcon />
                Edit Space
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-sm font-medium text-slate-500">Client Owner</h2>
          {space.clientOwner ? (
            <div className="mt-3 flex items-center gap-3">
              <Avatar name={space.clientOwner.name} src={imageUrl(space.clientOwner.avatarKey)} alt="" />
              <div className="min-w-0 text-sm">
                <p className="truncate font-semibold text-slate-900">{space.clientOwner.name}</p>
                <p className="truncate text-slate-600">{space.clientOwner.company}</p>
                <a href={`mailto:${space.clientOwner.email}`} className="truncate text-indigo-700 hover:underline">
                  {space.clientOwner.email}
                </a>
              </div>
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-600">
              This space has no client owner.{space.canEdit ? " Choose one in Edit Space." : ""}
            </p>
          )}
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-medium text-slate-500">Agency Owner</h2>
          <div className="mt-3 flex items-center gap-3">
            <Avatar name={space.agency.name} src={imageUrl(space.agency.logoKey)} shape="square" alt="" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-semibold text-slate-900">{space.agency.name}</p>
              <p className="truncate text-slate-600">{space.agency.ownerName}</p>
            </div>
          </div>
        </Card>
      </div>
      <SpaceContacts space={space} />
    </div>
  );
}

/** To the Export Space page (a plain link: it works without JavaScript too). */
export function ExportSpaceLink({ spaceId }: { spaceId: string }) {
  return (
    <Link to={`/spaces/${spaceId}/export`} className={buttonClassName({ variant: "outline" })}>
      <DownloadIcon />
      Export
    </Link>
  );
}

function SpaceContacts({ space }: { space: SpaceOverview }) {
  if (!space.email && !space.contactNumber && !space.url) return null;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600" aria-label="Space contacts">
      {space.email ? (
        <li className="flex items-center gap-1.5">
          <MailIcon className="size-4 text-slate-400" aria-hidden="true" />
          <a href={`mailto:${space.email}`} className="hover:underline">
            {space.email}
          </a>
        </li>
      ) : null}
      {space.contactNumber ? (
        <li className="flex items-center gap-1.5">
          <PhoneIcon className="size-4 text-slate-400" aria-hidden="true" />
          <a href={`tel:${space.contactNumber.replace(/[^\d+]/g, "")}`} className="hover:underline">
            {space.contactNumber}
          </a>
        </li>
      ) : null}
      {space.url ? (
        <li className="flex items-center gap-1.5">
          <LinkIcon className="size-4 text-slate-400" aria-hidden="true" />
          <a href={space.url} target="_blank" rel="noreferrer noopener" className="hover:underline">
            {space.url.replace(/^https?:\/\//, "")}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
