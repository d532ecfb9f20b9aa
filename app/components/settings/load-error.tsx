import { Link } from "@remix-run/react";
import { TryAgainLink, Alert, buttonClassName } from "~/components/ui";

/**
 * SPEC §2.12: a tab whose data could not be loaded says so, with Try Again (a full
 * reload of the page) and Go to Dashboard. The heading and the other tabs stay.
 */
const COPY = {
  profile: { title: "Could not load profile data", text: "Unable to load your profile data. Please try again later." },
  notifications: {
    title: "Could not load notification settings",
    text: "Unable to load your notification preferences. Please try again later.",
  },
  security: {
    title: "Could not load security settings",
    text: "Unable to load your security settings. Please try again later.",
  },
  audit: {
    title: "Could not load the audit log",
    text: "Unable to load your agency's activity. Please try again later.",
  },
} as const;

export function SettingsLoadError({ tab, dashboardHref }: { tab: keyof typeof COPY; dashboardHref: string }) {
  return (
    <Alert variant="destructive" title={COPY[tab].title}>
      <p>{COPY[tab].text}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <TryAgainLink />
        <Link
          to={dashboardHref}
          className={buttonClassName({ size: "sm", variant: "ghost", className: "no-underline" })}
        >
          Go to Dashboard
        </Link>
      </div>
    </Alert>
  );
}
