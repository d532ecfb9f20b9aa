import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { noteTypedFields, restoreTypedFields } from "~/components/typed-before-hydration";

const typed = noteTypedFields(document);

/** Its effect runs once the whole page has hydrated (a parent's effects run after its children's). */
function AfterHydration({ children }: { children: React.ReactNode }) {
  // After the renders that hydration itself schedules (controls that differ once hydrated).
  useEffect(() => void setTimeout(() => restoreTypedFields(typed)), []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <AfterHydration>
        <RemixBrowser />
      </AfterHydration>
    </StrictMode>,
  );
});

// The installable app's service worker (public/sw.js): the offline page and push notifications.
// Registered once the page has loaded, so that it never competes with the page for the network.
if ("serviceWorker" in navigator) {
  const register = () =>
    void navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker:", error));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
