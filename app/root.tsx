import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary, Toaster } from "~/components/ui";
import { loadDocument } from "~/web/document.server";
import { useNonce } from "~/components/nonce";
import { TimeZoneHint } from "~/components/time-zone-hint";
import stylesheet from "~/tailwind.css";
import { themeAttribute } from "~/shared";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app (issue 21): public/manifest.webmanifest, and the icon iOS puts on the home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [{ title: "Agency Workspace" }];

export const loader = ({ request }: LoaderFunctionArgs) => loadDocument(request);

/**
 * The toast is a cookie this loader reads, and the time zone and theme come from the
 * user's settings (a change there is a post). A refused form post (4xx) revalidates no
 * loader by default, yet may carry a toast (a logo upload's "File too large"): read
 * it after every post.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  (formMethod !== undefined && formMethod.toUpperCase() !== "GET") || defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" className="h-full" data-theme={themeAttribute(rootData?.theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <TimeZoneHint
          renderedFromHint={rootData && rootData.clock.source !== "setting" ? rootData.clock.timeZone : null}
        />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
