import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { clsx, Button, SubmitButton, Card, Pager, useHydrated, useClock } from "~/components/ui";
import { type InvitationRow, INVITATION_PAGE_PARAM, type Page, formatDate } from "~/shared";

export const invitationPath = (id: string) => `/invitations/${id}`;

const statusStyles = {
  Pending: "bg-amber-50 text-amber-800",
  Expired: "bg-slate-100 text-slate-700",
  Used: "bg-emerald-50 text-emerald-800",
} as const;

/** An invitation as a loader hands it on (its date as a string). */
export type ListedInvitation = Omit<InvitationRow, "createdAt"> & { createdAt: string | Date };

const SECTION_ID = "pending-invitations";

/**
 * The Pending Invitations table (SPEC §2.9, §2.10): who, (company for clients), role,
 * Sent as MMM d, yyyy (in the reader's zone), Status, and Copy link, Resend and Delete,
 * a page at a time (by its own query parameter, beside the roster's). Resend and Delete
 * post through fetchers with a toast; without JavaScript they come back to `returnTo`.
 */
export function InvitationsTable({
  invitations,
  showCompany,
  returnTo,
}: {
  invitations: Page<ListedInvitation>;
  showCompany: boolean;
  returnTo: string;
}) {
  return (
    <section id={SECTION_ID} aria-labelledby={`${SECTION_ID}-heading`} className="scroll-mt-20 space-y-3">
      <h2 id={`${SECTION_ID}-heading`} className="text-lg font-semibold text-slate-900">
        Pending Invitations
      </h2>
      {invitations.items.length ? (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name/Email
                </th>
                {showCompany ? (
                  <th scope="col" className="px-4 py-3">
                    Company
                  </th>
                ) : null}
                <th scope="col" className="px-4 py-3">
                  Role
                </th>
                <th scope="col" className="px-4 py-3">
                  Sent
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invitations.items.map((invitation) => (
                <InvitationItem
                  key={invitation.id}
                  invitation={invitation}
                  showCompany={showCompany}
                  returnTo={returnTo}
                />
              ))}
            </tbody>
          </table>
        </Card>
      ) : (
        <Card className="px-6 py-8 text-center text-sm text-slate-600">No pending invitations.</Card>
      )}
      <Pager list={invitations} label="Pages of invitations" param={INVITATION_PAGE_PARAM} anchor={SECTION_ID} />
    </section>
  );
}

function InvitationItem({
  invitation,
  showCompany,
  returnTo,
}: {
  invitation: ListedInvitation;
  showCompany: boolean;
  returnTo: string;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const clock = useClock();
  const [copied, setCopied] = useState(false);
  if (fetcher.formData?.get("intent") === "delete") return null;
  const who = invitation.name ?? invitation.email ?? "Anyone with the link";
  return (
    <tr>
      <td className="px-4 py-3">
        <p className="font-medium text-slate-900">{who}</p>
        {invitation.name && invitation.email ? <p className="text-slate-600">{invitation.email}</p> : null}
      </td>
      {showCompany ? <td className="px-4 py-3 text-slate-700">{invitation.company ?? "—"}</td> : null}
      <td className="px-4 py-3 text-slate-700">{invitation.roleLabel}</td>
      <td className="px-4 py-3 text-slate-700">{formatDate(invitation.createdAt, clock)}</td>
      <td className="px-4 py-3">
        <span className={clsx("rounded-full px-2 py-0.5 text-xs font-medium", statusStyles[invitation.status])}>
          {invitation.status}
        </span>
      </td>
      <td className="px-4 py-3">
        <fetcher.Form method="post" action={invitationPath(invitation.id)} className="flex justify-end gap-2">
          {/* Without JavaScript the answer is a redirect back here; a fetcher stays on the page and gets the toast. */}
          {hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo} />}
          {hydrated && invitation.status === "Pending" ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void navigator.clipboard?.writeText(invitation.link).then(() => setCopied(true))}
              aria-label={`Copy link for ${who}`}
            >
              {copied ? "Link copied" : "Copy link"}
            </Button>
          ) : null}
          {invitation.email && invitation.status !== "Used" ? (
            <SubmitButton
              name="intent"
              value="resend"
              variant="outline"
              size="sm"
              pending={fetcher.state !== "idle" && fetcher.formData?.get("intent") === "resend"}
              pendingText="Sending..."
              aria-label={`Resend invitation to ${who}`}
            >
              Resend
            </SubmitButton>
          ) : null}
          <SubmitButton
            name="intent"
            value="delete"
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={`Delete invitation for ${who}`}
          >
            Delete
          </SubmitButton>
        </fetcher.Form>
      </td>
    </tr>
  );
}
