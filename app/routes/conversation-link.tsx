import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, SubmitButton, buttonClassName } from "~/components/ui";
import { consumeSignInLink, conversationAt, findSignInLink } from "~/models/sign-in-links.server";
import { getActor } from "~/web/guards.server";
import { startSignIn } from "~/web/sign-in.server";
import { pageMeta } from "~/shared";
import { readForm } from "~/web/request.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "Open conversation",
    "Open the conversation you were notified about, signed in with the link from your email.",
  );

/*
 * The link in a notice (unread messages, a mention, a sign-off; the last names the message
 * to open the chat at). Opening it (GET) uses nothing up, since mail
 * scanners open links too; the button (POST) uses it up, signs its user in (with the
 * two-factor step when they have it) and opens the conversation. Not through the form
 * pipeline: nothing here refuses, and a link that no longer works, or another account
 * signed in, is a state of the page (LinkState), not a form's error.
 */
type LinkState =
  | { state: "ready"; token: string; message: string; spaceName: string }
  | { state: "spent"; loginHref: string }
  | { state: "other-account" };

export async function loader({ request }: LoaderFunctionArgs): Promise<LinkState> {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  // The message to open the chat at (a sign-off's card), passed on to the button's post.
  const message = params.get("message") ?? "";
  const [link, actor] = await Promise.all([token ? findSignInLink(token) : null, getActor(request)]);
  if (!link) return { state: "spent", loginHref: "/login" };
  const target = conversationAt(link.conversationPath, message);
  if (actor?.id === link.userId && actor.emailVerified) throw redirect(target);
  if (!link.usable) return { state: "spent", loginHref: `/login?${new URLSearchParams({ redirectTo: target })}` };
  if (actor) return { state: "other-account" };
  return { state: "ready", token, message, spaceName: link.spaceName };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  if (await getActor(request)) return data<LinkState>({ state: "other-account" }, { status: 403 });
  const link = await consumeSignInLink(token);
  if (!link) return data<LinkState>({ state: "spent", loginHref: "/login" }, { status: 410 });
  const redirectTo = conversationAt(link.conversationPath, String(form.get("message") ?? ""));
  return startSignIn(request, link.userId, { redirectTo, byEmailLink: true });
}

export default function ConversationLink() {
  const loaded = useLoaderData<typeof loader>();
  const link = useActionData<typeof action>() ?? loaded;
  if (link.state === "other-account") {
    return (
      <AuthCard
        title="This link is for another account"
        description="You are logged in as someone else in this browser."
      >
        <Alert variant="warning" className="mb-5">
          The link in this email only works for the person it was sent to. Log out first to use it.
        </Alert>
        <Form method="post" action="/logout">
          <SubmitButton action="/logout" variant="outline" className="w-full" pendingText="Signing out...">
            Log out
          </SubmitButton>
        </Form>
      </AuthCard>
    );
  }
  if (link.state === "spent") {
    return (
      <AuthCard title="This link no longer works" description="Links in notices work once and expire after 24 hours.">
        <Link to={link.loginHref} className={buttonClassName({ className: "w-full" })}>
          Log in to open the conversation
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Open conversation" description={`New messages are waiting for you in ${link.spaceName}.`}>
      <Form method="post">
        <input type="hidden" name="token" value={link.token} />
        <input type="hidden" name="message" value={link.message} />
        <SubmitButton className="w-full" pendingText="Opening...">
          Open conversation
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
