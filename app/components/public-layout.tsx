import { Link } from "@remix-run/react";
import { clsx } from "~/components/ui";

export const CONTACT_HREF = "mailto:hello@agency-workspace.app";

/** The "TWT" logo mark. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        "flex h-9 min-w-9 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-indigo-700 px-1.5 text-[11px] font-bold tracking-wide text-white shadow-sm",
        className,
      )}
    >
      TWT
    </span>
  );
}

/** The logo and product name, linking home. `compact`: the name shows from 640px up only. */
export function HomeLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2.5 rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
    >
      <LogoMark />
      <span className={clsx("text-base font-semibold text-slate-900", compact && "hidden sm:inline")}>
        Agency Workspace
      </span>
    </Link>
  );
}

/** The public pages' footer: Terms, Privacy and Contact (SPEC.md §2.1). */
export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6">
        <p className="text-sm text-slate-500">© {new Date().getFullYear()} Agency Workspace. All rights reserved.</p>
        <nav aria-label="Footer">
          <ul className="flex items-center gap-6 text-sm">
            <li>
              <Link to="/terms" className="text-slate-600 hover:text-slate-900">
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="text-slate-600 hover:text-slate-900">
                Privacy
              </Link>
            </li>
            <li>
              <a href={CONTACT_HREF} className="text-slate-600 hover:text-slate-900">
                Contact
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** A page of prose (terms, privacy): a slim header, the document, the footer. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  /** e.g. "June 1, 2025" */
  updated: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <HomeLink />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
        <div className="mt-10 space-y-8 text-[15px] leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-indigo-600 hover:[&_a]:text-indigo-500 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
          {children}
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
