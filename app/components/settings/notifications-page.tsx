import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { type UserType, type NotificationSettings, type FormReply } from "~/shared";
import {
  SubmitButton,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckboxField,
} from "~/components/ui";
import type { NotificationPreferencesSchema, NotificationPreferences } from "~/shared/settings.schemas";
import { PushCard } from "./push-card";
import { useFormResult } from "./use-form-result";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

type Preference = keyof NotificationPreferences;

/** What each preference mails, in the words of the person reading it. */
function describe(userType: UserType): Record<Preference, { label: string; hint: string }> {
  const isClient = userType === "CLIENT";
  return {
    newClient: {
      label: isClient ? "New employees" : "New clients",
      hint: isClient
        ? "Email me when a colleague from my company joins the workspace."
        : "Email me when a new client joins the agency's workspace.",
    },
    teamActivity: {
      label: "Team activity",
      hint: isClient
        ? "Email me when a member of the agency team is added to one of my spaces."
        : "Email me when a new team member joins the agency.",
    },
    unreadMessages: {
      label: "Unread messages",
      hint: "Email me when messages wait unread in one of my spaces for a few minutes: one email per space, with a link that opens the conversation.",
    },
    mentions: {
      label: "Mentions",
      hint: "Email me at once when someone mentions me in a message and I am not in the app, with a link that opens the conversation.",
    },
    signOffs: {
      label: "Sign-off requests and reminders",
      hint: "Email me when I am asked to sign off a file, with a link that opens it, and remind me the day before it is due and on the day.",
    },
    marketing: {
      label: "Product news",
      hint: "Occasional news and tips about Agency Workspace.",
    },
  };
}

const ORDER: Preference[] = ["newClient", "teamActivity", "unreadMessages", "mentions", "signOffs", "marketing"];

/** The Notifications tab (SPEC §2.12): which emails the person wants, saved for real, and push on this device. */
export function NotificationsPage() {
  const { userType, preferences, replyByEmail } = useLoaderData<NotificationSettings>();
  const fetcher = useFetcher<FormReply>({ key: "notifications" });
  const [form, fields] = useForm<z.input<typeof NotificationPreferencesSchema>>({
    id: "notifications",
    lastResult: useFormResult(fetcher)?.result,
    defaultValue: Object.fromEntries(ORDER.map((key) => [key, preferences[key] ? "on" : null])),
    constraint: FORM_CONSTRAINTS.NotificationPreferencesSchema,
  });
  const labels = describe(userType);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Email notifications</CardTitle>
          <CardDescription>Choose which emails you get. You can change this at any time.</CardDescription>
        </CardHeader>
        <fetcher.Form method="post" {...getFormProps(form)}>
          <CardContent className="divide-y divide-slate-100 py-2">
            {ORDER.map((key) => (
              <CheckboxField
                key={key}
                className="py-4"
                labelProps={{ children: labels[key].label, className: "font-medium text-slate-900" }}
                inputProps={getInputProps(fields[key], { type: "checkbox" })}
                hint={labels[key].hint}
                errors={fields[key].errors}
              />
            ))}
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving...">
              Save Preferences
            </SubmitButton>
          </CardFooter>
        </fetcher.Form>
      </Card>
      <PushCard />
      {replyByEmail ? <ReplyAddressesCard /> : null}
    </div>
  );
}

/**
 * Replies by email (issue 37): a notice's Reply-To posts in its space; resetting stops
 * every address mailed so far, for a notice forwarded to someone who should not answer.
 * A plain form, so it works before and without JavaScript.
 */
function ReplyAddressesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Replies by email</CardTitle>
        <CardDescription>
          Reply to a notice email to answer in its space. If a notice reached someone who should not answer for you,
          reset your reply addresses: replies to the notices you got before are then no longer posted.
        </CardDescription>
      </CardHeader>
      <Form method="post">
        <CardFooter className="justify-end">
          <SubmitButton variant="outline" name="intent" value="reset-reply-addresses" pendingText="Resetting...">
            Reset my reply addresses
          </SubmitButton>
        </CardFooter>
      </Form>
    </Card>
  );
}
