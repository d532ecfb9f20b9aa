import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useFetcher, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import {
  SubmitButton,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckboxField,
  FormError,
} from "~/components/ui";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";
import type { PresenceSettingSchema } from "~/shared/settings.schemas";
import { type ProfileSettings, type FormReply } from "~/shared";
import { useFormResult } from "./use-form-result";

/** "Show when I'm active" on the Profile tab (issue 21): the green dot and "Last seen" others see. */
export function PresenceCard() {
  const { showPresence } = useLoaderData<ProfileSettings>();
  const fetcher = useFetcher<FormReply>({ key: "presence" });
  const [form, fields] = useForm<z.input<typeof PresenceSettingSchema>>({
    id: "presence",
    lastResult: useFormResult(fetcher, "presence")?.result,
    defaultValue: { showPresence: showPresence ? "on" : null },
    constraint: FORM_CONSTRAINTS.PresenceSettingSchema,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Activity status</CardTitle>
        <CardDescription>
          The people you work with see a green dot on your picture while you have the app open.
        </CardDescription>
      </CardHeader>
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="presence" />
        <CardContent className="pt-0">
          <FormError id={form.errorId} errors={form.errors} />
          <CheckboxField
            labelProps={{ children: "Show when I'm active", className: "font-medium text-slate-900" }}
            inputProps={getInputProps(fields.showPresence, { type: "checkbox" })}
            hint="When it is off, nobody sees whether you are online or when you were last here."
            errors={fields.showPresence.errors}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving...">
            Save Activity Status
          </SubmitButton>
        </CardFooter>
      </fetcher.Form>
    </Card>
  );
}
