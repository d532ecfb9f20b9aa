import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button, buttonClassName, DownloadIcon } from "~/components/ui";
import { formatSize, spacePath, pageMeta } from "~/shared";
import { homePath } from "~/models/policy.server";
import { EXPORT_LINK_LIFETIME_DAYS, exportLinkFor } from "~/models/space-exports.server";
import { requireActor } from "~/web/guards.server";

export const meta: MetaFunction = () =>
  pageMeta("Download export", "Download the export of a space you asked for, with the link from your email.");

/*
 * The link in a space export's mail. Its user signs in first (a mailbox alone does not
 * give the conversation away); opening it uses nothing up, since mail scanners open
 * links too. The Download button posts to /space-export/download, which uses the link
 * up and streams the ZIP; a spent, expired or foreign link gets a page that says so.
 */
type LinkPage =
  | { state: "ready"; token: string; spaceName: string; size: string; spaceHref: string }
  | { state: "downloaded" | "expired"; spaceName: string; spaceHref: string }
  | { state: "unknown" | "other-account"; homeHref: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await exportLinkFor(actor, token);
  const homeHref = homePath(actor.type);
  if (link.state === "unknown") return data<LinkPage>({ state: "unknown", homeHref }, { status: 404 });
  if (link.state === "other-account") return data<LinkPage>({ state: "other-account", homeHref }, { status: 403 });
  const spaceHref = spacePath(actor.type, link.spaceId);
  if (link.state === "ready") {
    return data<LinkPage>({ state: "ready", token, spaceName: link.spaceName, size: formatSize(link.size), spaceHref });
  }
  return data<LinkPage>({ state: link.state, spaceName: link.spaceName, spaceHref }, { status: 410 });
}

export default function SpaceExportLink() {
  const link = useLoaderData<typeof loader>();
  switch (link.state) {
    case "ready":
      return (
        <AuthCard
          title="Your export is ready"
          description={`The export of ${link.spaceName}: one ZIP file of ${link.size}.`}
        >
          <p className="mb-5 text-sm text-slate-600">
            This link works once: after the download, ask for a new export from the space&apos;s page if you need
            another.
          </p>
          {/* A document post: the answer is the file itself, which the browser saves. */}
          <Form method="post" action="/space-export/download" reloadDocument>
            <input type="hidden" name="token" value={link.token} />
            <Button type="submit" className="w-full">
              <DownloadIcon />
              Download ZIP
            </Button>
          </Form>
        </AuthCard>
      );
    case "downloaded":
    case "expired":
      return (
        <AuthCard
          title={link.state === "downloaded" ? "This export was downloaded already" : "This export link has expired"}
          description={
            link.state === "downloaded"
              ? `The link to the export of ${link.spaceName} works once, and it has been used.`
              : `Links to an export expire after ${EXPORT_LINK_LIFETIME_DAYS} days, and this one has.`
          }
        >
          <Link to={link.spaceHref} className={buttonClassName({ className: "w-full" })}>
            Go to {link.spaceName}
          </Link>
          <p className="mt-4 text-sm text-slate-600">You can ask for a new export there.</p>
        </AuthCard>
      );
    case "other-account":
    case "unknown":
      return (
        <AuthCard
          title={link.state === "other-account" ? "This link is for another account" : "This link does not work"}
          description={
            link.state === "other-account"
              ? "An export link only works for the person who asked for the export."
              : "It may be incomplete, or the export it led to is gone."
          }
        >
          <Link to={link.homeHref} className={buttonClassName({ className: "w-full" })}>
            Go to your dashboard
          </Link>
        </AuthCard>
      );
  }
}
