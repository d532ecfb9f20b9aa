import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
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
  FormError,
  SelectField,
} from "~/components/ui";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";
import type { TimeZoneSchema } from "~/shared/settings.schemas";
import { type ProfileSettings, type FormReply } from "~/shared";
import { useFormResult } from "./use-form-result";

/** "America/Argentina/Buenos_Aires" as people write it. */
const readable = (zone: string) => zone.replace(/_/g, " ");

/**
 * The Time zone setting of the Profile tab: Automatic (the browser's zone, which the
 * server learns from a cookie its script sets) or a zone of one's own choosing. It says
 * which zone times are shown in now, since without JavaScript that is UTC.
 */
export function TimeZoneCard() {
  const { timeZone } = useLoaderData<ProfileSettings>();
  const fetcher = useFetcher<FormReply>({ key: "time-zone" });
  const [form, fields] = useForm<z.input<typeof TimeZoneSchema>>({
    id: "time-zone",
    lastResult: useFormResult(fetcher, "time-zone")?.result,
    defaultValue: { timeZone: timeZone.chosen ?? "" },
    constraint: FORM_CONSTRAINTS.TimeZoneSchema,
  });
  const automatic = timeZone.browserTimeZone
    ? `Automatic (your browser's: ${readable(timeZone.browserTimeZone)})`
    : "Automatic (your browser's)";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Time zone</CardTitle>
        <CardDescription>
          Times are shown in <strong className="font-semibold text-slate-900">{readable(timeZone.inUse)}</strong>
          {IN_USE_BECAUSE[timeZone.source]}
        </CardDescription>
      </CardHeader>
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="time-zone" />
        <CardContent className="space-y-4 pt-0">
          <FormError id={form.errorId} errors={form.errors} />
          <SelectField
            className="max-w-md"
            labelProps={{ children: "Time zone" }}
            selectProps={getSelectProps(fields.timeZone)}
            placeholder={automatic}
            options={timeZone.names.map((zone) => ({ value: zone, label: readable(zone) }))}
            errors={fields.timeZone.errors}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving...">
            Save Time Zone
          </SubmitButton>
        </CardFooter>
      </fetcher.Form>
    </Card>
  );
}

const IN_USE_BECAUSE = {
  setting: ", as you chose below.",
  browser: ", your browser's time zone.",
  default: ": your browser has not told us its time zone (it does so with JavaScript). Choose yours below.",
} as const;
