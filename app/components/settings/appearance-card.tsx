import { getCollectionProps, getFormProps, useForm } from "@conform-to/react";
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
  ErrorList,
  FormError,
} from "~/components/ui";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";
import type { ThemeSchema } from "~/shared/settings.schemas";
import { THEME_LABELS, THEMES, type ProfileSettings, type FormReply } from "~/shared";
import { useFormResult } from "./use-form-result";

const HINTS = {
  system: "Light or dark as your device is set, changing with it.",
  light: "Always light.",
  dark: "Always dark.",
} as const;

/** Appearance on the Profile tab (issue 21): System, Light or Dark, kept with the account. */
export function AppearanceCard() {
  const { theme } = useLoaderData<ProfileSettings>();
  const fetcher = useFetcher<FormReply>({ key: "theme" });
  const [form, fields] = useForm<z.input<typeof ThemeSchema>>({
    id: "theme",
    lastResult: useFormResult(fetcher, "theme")?.result,
    defaultValue: { theme },
    constraint: FORM_CONSTRAINTS.ThemeSchema,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Appearance</CardTitle>
        <CardDescription>Choose light or dark, or let your device decide. Emails stay light.</CardDescription>
      </CardHeader>
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="theme" />
        <CardContent className="pt-0">
          <FormError id={form.errorId} errors={form.errors} />
          <fieldset aria-describedby={fields.theme.errors ? fields.theme.errorId : undefined}>
            <legend className="sr-only">Theme</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {getCollectionProps(fields.theme, { type: "radio", options: [...THEMES] }).map((props) => (
                <label
                  key={props.key}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                >
                  <input {...props} key={props.key} className="mt-0.5 size-4 accent-indigo-600" />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">
                      {THEME_LABELS[props.value as keyof typeof THEME_LABELS]}
                    </span>
                    <span className="block text-xs text-slate-600">{HINTS[props.value as keyof typeof HINTS]}</span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorList id={fields.theme.errorId} errors={fields.theme.errors} />
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving...">
            Save Appearance
          </SubmitButton>
        </CardFooter>
      </fetcher.Form>
    </Card>
  );
}
