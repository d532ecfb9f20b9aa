import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  Spinner,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  FormError,
  useHydrated,
} from "~/components/ui";
import type { action as pushAction } from "~/routes/resources.push-subscription";
import { type NotificationSettings } from "~/shared";

/*
 * "Push notifications on this device" (issue 21), on the Notifications tab of every user
 * type. The browser subscribes (its PushManager, through the service worker of
 * public/sw.js) and the server keeps the subscription for this session
 * (/resources/push-subscription). It is on when both agree: the browser's subscription is
 * the one the server holds for this session; a subscription left from an earlier session
 * shows as off, and turning on hands it to this one.
 */

type BrowserPush =
  { state: "checking" } | { state: "unsupported" } | { state: "blocked" } | { state: "ready"; endpoint: string | null };

const ACTION = "/resources/push-subscription";

export function PushCard() {
  const { push } = useLoaderData<NotificationSettings>();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof pushAction>({ key: "push-subscription" });
  const [browser, setBrowser] = useState<BrowserPush>({ state: "checking" });
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!push.publicKey) return;
    let current = true;
    void findBrowserPush().then((found) => current && setBrowser(found));
    return () => void (current = false);
  }, [push.publicKey]);

  const refused = fetcher.data && "result" in fetcher.data ? Object.values(fetcher.data.result.error ?? {}).flat() : [];
  const isOn = browser.state === "ready" && push.endpoint !== null && browser.endpoint === push.endpoint;
  const busy = working || fetcher.state !== "idle";

  async function turnOn(publicKey: string) {
    setProblem(null);
    setWorking(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === "denied") return setBrowser({ state: "blocked" });
      if (permission !== "granted") return setProblem("Allow notifications when the browser asks, to turn them on.");
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      // Made with another key (the server's keys changed): push services would refuse our pushes.
      if (subscription && keyOf(subscription) !== publicKey) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      const { endpoint = "", keys = {} } = subscription.toJSON();
      setBrowser({ state: "ready", endpoint });
      fetcher.submit(
        { intent: "subscribe", endpoint, p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" },
        { method: "post", action: ACTION },
      );
    } catch (error) {
      setProblem(`This browser could not turn push notifications on. ${error instanceof Error ? error.message : ""}`);
    } finally {
      setWorking(false);
    }
  }

  async function turnOff(endpoint: string) {
    setProblem(null);
    setWorking(true);
    try {
      fetcher.submit({ intent: "unsubscribe", endpoint }, { method: "post", action: ACTION });
      const registration = await navigator.serviceWorker.getRegistration();
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      setBrowser({ state: "ready", endpoint: null });
    } finally {
      setWorking(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Push notifications on this device</CardTitle>
        <CardDescription>
          A notification on this device when a message comes in one of your spaces while the app is not open: new
          messages when Unread messages is on above, and mentions when Mentions is on. Signing out stops them here.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 pt-0">
        <PushStatus publicKey={push.publicKey} hydrated={hydrated} browser={browser} isOn={isOn} />
        <FormError errors={problem ? [problem, ...refused] : refused} />
      </CardContent>
      {push.publicKey && hydrated && browser.state === "ready" ? (
        <CardFooter className="justify-end">
          {isOn ? (
            <Button variant="outline" disabled={busy} onClick={() => void turnOff(browser.endpoint ?? "")}>
              {busy ? <Spinner /> : null}
              Turn off
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void turnOn(push.publicKey ?? "")}>
              {busy ? <Spinner /> : null}
              {busy ? "Turning on..." : "Turn on push notifications"}
            </Button>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}

function PushStatus({
  publicKey,
  hydrated,
  browser,
  isOn,
}: {
  publicKey: string | null;
  hydrated: boolean;
  browser: BrowserPush;
  isOn: boolean;
}) {
  if (!publicKey) return <Alert variant="info">Push notifications are not set up on this server.</Alert>;
  if (!hydrated) {
    return <Alert variant="info">Turning push notifications on needs JavaScript in this browser.</Alert>;
  }
  switch (browser.state) {
    case "checking":
      return <p className="text-sm text-slate-600">Checking this browser...</p>;
    case "unsupported":
      return (
        <Alert variant="info">
          This browser cannot receive push notifications. On an iPhone or iPad, add the app to your Home Screen first
          and turn them on there.
        </Alert>
      );
    case "blocked":
      return (
        <Alert variant="warning">
          Notifications are blocked for this site in this browser. Allow them in the browser&apos;s site settings, then
          come back here.
        </Alert>
      );
    case "ready":
      return (
        <p role="status" className="text-sm font-medium text-slate-900">
          {isOn ? "On: this device gets push notifications." : "Off on this device."}
        </p>
      );
  }
}

/** What this browser can do, and the subscription it holds, if any. */
async function findBrowserPush(): Promise<BrowserPush> {
  if (!("serviceWorker" in navigator && "PushManager" in window && "Notification" in window)) {
    return { state: "unsupported" };
  }
  if (Notification.permission === "denied") return { state: "blocked" };
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  return { state: "ready", endpoint: subscription?.endpoint ?? null };
}

/** The key a subscription was made with, base64url as the server's is written. */
function keyOf(subscription: PushSubscription): string {
  const key = subscription.options.applicationServerKey;
  if (!key) return "";
  return btoa(String.fromCharCode(...new Uint8Array(key)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
