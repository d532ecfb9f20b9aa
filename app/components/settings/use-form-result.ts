import { useActionData, type FetcherWithComponents } from "@remix-run/react";

/**
 * What the action answered to this form. With JavaScript the form posts through its
 * fetcher; without, the same form is a plain post and the answer is the page's action
 * data (the same action's, so of the same type). `intent` tells apart the several
 * forms of one page.
 */
export function useFormResult<Data extends { intent?: string | null }>(
  fetcher: FetcherWithComponents<Data | undefined>,
  intent?: string,
): Data | undefined {
  const actionData = useActionData() as Data | undefined;
  const data = fetcher.data ?? actionData;
  if (!data || (intent !== undefined && data.intent !== intent)) return undefined;
  return data;
}
