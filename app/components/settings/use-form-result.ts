import { useActionData, type FetcherWithComponents } from "@remix-run/react";

/**
 * What the action answered to this form. With JavaScript the form posts through its
 * fetcher; without, the same form is a plain post and the answer is the page's action
 * data. `intent` tells apart the several forms of one page.
 */
export function useFormResult<Data extends { intent?: string }>(
  fetcher: FetcherWithComponents<Data | undefined>,
  intent?: string,
): Data | undefined {
  const actionData = useActionData<Data>();
  const data = fetcher.data ?? actionData;
  if (!data || (intent !== undefined && data.intent !== intent)) return undefined;
  return data;
}
