import { Form } from "@remix-run/react";
import { SubmitButton, CheckboxField, Field, SelectField, SearchIcon } from "~/components/ui";
import type { SearchFormValues } from "./search-params";

const SORT_OPTIONS = [
  { value: "best", label: "Best match" },
  { value: "newest", label: "Newest first" },
];

/**
 * The results page's search: the box, then each filter the box also takes typed
 * (`in:`, `from:`, `has:file`, `before:`, `after:`) as a control of its own, and the
 * order. A GET form, so it works without JavaScript; sending it starts at the first
 * page of messages and of files, since those are not among its fields.
 */
export function SearchForm({ values }: { values: SearchFormValues }) {
  return (
    // Keyed by what it shows: another search (the top bar's, a link) refills it.
    <Form key={JSON.stringify(values)} method="get" action="/search" role="search" aria-label="Search and filters">
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex items-end gap-2">
          <Field
            className="min-w-0 flex-1"
            labelProps={{ children: "Search for" }}
            inputProps={{ id: "search-q", type: "search", name: "q", defaultValue: values.q, autoComplete: "off" }}
          />
          <SubmitButton action="/search">
            <SearchIcon />
            Search
          </SubmitButton>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field
            labelProps={{ children: "In space" }}
            inputProps={{ id: "search-in", name: "in", defaultValue: values.in, placeholder: "Space name" }}
          />
          <Field
            labelProps={{ children: "From" }}
            inputProps={{ id: "search-from", name: "from", defaultValue: values.from, placeholder: "Person’s name" }}
          />
          <SelectField
            className="col-span-2 sm:col-span-1"
            labelProps={{ children: "Sort" }}
            selectProps={{ id: "search-sort", name: "sort", defaultValue: values.sort }}
            options={SORT_OPTIONS}
          />
          <Field
            labelProps={{ children: "After" }}
            inputProps={{ id: "search-after", type: "date", name: "after", defaultValue: values.after }}
          />
          <Field
            labelProps={{ children: "Before" }}
            inputProps={{ id: "search-before", type: "date", name: "before", defaultValue: values.before }}
          />
          <CheckboxField
            className="col-span-2 self-end pb-2 sm:col-span-1"
            labelProps={{ children: "With a file" }}
            inputProps={{ id: "search-has", name: "has", value: "file", defaultChecked: values.hasFile }}
          />
        </div>
      </div>
    </Form>
  );
}
