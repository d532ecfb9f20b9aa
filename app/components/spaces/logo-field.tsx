import { useFetcher, useFetchers } from "@remix-run/react";
import { useId, useRef } from "react";
import {
  Avatar,
  Button,
  Spinner,
  ErrorList,
  FieldHint,
  type ListOfErrors,
  UploadIcon,
  useHydrated,
} from "~/components/ui";
import { type LogoUploadResult, imageUrl } from "~/shared";

export const LOGO_UPLOAD_ACTION = "/resources/space-logo";

/** Whether a logo is on its way: its form waits for the key before it can be saved. */
export function useLogoUploading() {
  return useFetchers().some((fetcher) => fetcher.formAction === LOGO_UPLOAD_ACTION);
}

/**
 * A space's Company Logo (SPEC §2.7). With JavaScript, choosing a file uploads it at
 * once (Uploading..., then SPEC §8's toast) and the form carries the stored key in
 * `logo`. Without JavaScript it is a file input (`logoFile`) sent with the form; a
 * logo already stored by a refused submission comes back as `pendingKey` and is kept.
 */
export function LogoField({
  name,
  currentKey,
  pendingKey,
  errors,
}: {
  /** Whose logo it is, for the picture's initials. */
  name: string;
  /** The logo the space has now (edit), shown until another is chosen. */
  currentKey?: string | null;
  pendingKey?: string | null;
  errors?: ListOfErrors;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<LogoUploadResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const uploading = fetcher.state !== "idle";
  const result = uploading ? undefined : fetcher.data;
  const key = (result?.ok ? result.key : null) ?? pendingKey ?? null;
  const shown = key ?? currentKey ?? null;
  const shownErrors = result && !result.ok ? [result.message] : errors;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, shownErrors?.some(Boolean) ? errorId : null].filter(Boolean).join(" ");

  function upload(file: File | undefined) {
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    fetcher.submit(body, { method: "post", action: LOGO_UPLOAD_ACTION, encType: "multipart/form-data" });
    // The same file can be chosen again after a refusal.
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <div className="space-y-1.5">
      {/* Without JavaScript it labels the file input; with it the button says what it does. */}
      <label
        id={`${id}-label`}
        htmlFor={hydrated ? undefined : `${id}-file`}
        className="block text-sm font-medium text-slate-700"
      >
        Company Logo
      </label>
      <div className="flex items-center gap-4">
        <Avatar
          name={name || "Logo"}
          src={imageUrl(shown)}
          shape="square"
          size="xl"
          alt={shown ? "Logo preview" : ""}
        />
        {hydrated ? (
          <>
            <input type="hidden" name="logo" value={key ?? ""} />
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => upload(event.target.files?.[0])}
            />
            <Button
              variant="outline"
              disabled={uploading}
              aria-busy={uploading || undefined}
              aria-describedby={describedBy}
              onClick={() => fileInput.current?.click()}
            >
              {uploading ? <Spinner /> : <UploadIcon />}
              {uploading ? "Uploading..." : shown ? "Change Logo" : "Upload Logo"}
            </Button>
          </>
        ) : (
          <>
            {key ? <input type="hidden" name="logo" value={key} /> : null}
            <input
              id={`${id}-file`}
              type="file"
              name="logoFile"
              accept="image/*"
              aria-describedby={describedBy}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
            />
          </>
        )}
      </div>
      <FieldHint id={hintId}>An image (PNG, JPG, GIF or WebP) of at most 5MB.</FieldHint>
      <ErrorList id={errorId} errors={shownErrors} />
    </div>
  );
}
