import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { SubmitButton } from "~/components/ui";

const NOUN = { avatar: "Avatar", logo: "Logo" } as const;

/**
 * Uploads a profile picture or the agency logo (SPEC §4): a file input and a button,
 * posted as multipart to the Profile tab. Without JavaScript the page reloads with a
 * toast; with it the upload happens in place, the button reading Uploading....
 */
export function ImageUpload({
  kind,
  label,
  preview,
  hasImage,
}: {
  kind: "avatar" | "logo";
  label: string;
  preview: React.ReactNode;
  hasImage: boolean;
}) {
  const fetcher = useFetcher({ key: `upload-${kind}` });
  const id = useId();
  const hintId = `${id}-description`;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="flex items-start gap-4">
      <input type="hidden" name="intent" value={kind} />
      {preview}
      <div className="min-w-0 flex-1 space-y-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          type="file"
          name={kind}
          required
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-describedby={hintId}
          className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        <p id={hintId} className="text-xs text-slate-500">
          PNG, JPG, GIF or WebP, up to 5MB.
        </p>
        <SubmitButton size="sm" variant="outline" pending={fetcher.state !== "idle"} pendingText="Uploading...">
          {hasImage ? `Change ${NOUN[kind]}` : `Upload ${NOUN[kind]}`}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
