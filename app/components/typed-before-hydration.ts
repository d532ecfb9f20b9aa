/*
 * What a person types or chooses while the page's JavaScript still loads must survive
 * hydration. It does not by itself: a control that renders differently once hydrated (a
 * controlled input that takes its value from form state, a fetcher form in place of a
 * document form, a file button in place of the file input) is replaced or reset by React.
 * No library covers this (React and Remix leave it to the page), so the browser entry
 * takes a note of every field that differs from what the server sent before it hydrates,
 * and puts each back once hydrated, as if typed again, so form state hears of it too.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type Typed = {
  /** The field's id, or its form and name and place among fields of that name. */
  find: () => Field | null;
  value?: string;
  checked?: boolean;
  files?: FileList;
};

const IGNORED_TYPES = new Set(["hidden", "submit", "button", "reset", "image"]);

function fieldsOf(root: Document): Field[] {
  return [...root.querySelectorAll<Field>("input, textarea, select")].filter(
    (field) => field.name && !IGNORED_TYPES.has(field.type) && !field.disabled,
  );
}

function locator(root: Document, field: Field): () => Field | null {
  if (field.id) return () => root.getElementById(field.id) as Field | null;
  const formId = field.form?.id ?? "";
  const sameName = (candidate: Field) => candidate.name === field.name && (candidate.form?.id ?? "") === formId;
  const index = fieldsOf(root).filter(sameName).indexOf(field);
  return () => fieldsOf(root).filter(sameName)[index] ?? null;
}

function isDefault(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].every((option) => option.selected === option.defaultSelected);
  if (field.type === "file") return !(field as HTMLInputElement).files?.length;
  if (field.type === "checkbox" || field.type === "radio") {
    const input = field as HTMLInputElement;
    return input.checked === input.defaultChecked;
  }
  return field.value === field.defaultValue;
}

/** Every field the person has changed since the server's HTML arrived. */
export function noteTypedFields(root: Document): Typed[] {
  return fieldsOf(root)
    .filter((field) => !isDefault(field))
    .map((field) => {
      const find = locator(root, field);
      if (field.type === "file") return { find, files: (field as HTMLInputElement).files ?? undefined };
      if (field.type === "checkbox" || field.type === "radio")
        return { find, checked: (field as HTMLInputElement).checked };
      return { find, value: field.value };
    });
}

/**
 * Puts back what was typed, through the native setters and an input event, so React's
 * onChange and conform's listeners see it. A field the person has changed again since
 * hydration is left as they have it.
 */
export function restoreTypedFields(typed: Typed[]) {
  for (const { find, value, checked, files } of typed) {
    const field = find();
    if (!field || !isDefault(field)) continue;
    if (files) (field as HTMLInputElement).files = files;
    else if (checked !== undefined) (field as HTMLInputElement).checked = checked;
    else if (value !== undefined) {
      const prototype = Object.getPrototypeOf(field) as typeof field;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
