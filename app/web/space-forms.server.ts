import { holdSpaceLogo } from "~/models/spaces.server";
import type { Actor } from "~/models/actors.server";
import { NotFoundError } from "~/models/errors.server";
import { IMAGE_MAX_BYTES } from "~/models/uploads.server";
import { readUploadForm } from "./request.server";

/**
 * Reads a space form. Without JavaScript the logo comes as a file (`logoFile`) in the
 * same multipart post: it is stored like the dialog's upload and the form goes on with
 * its key in `logo`, so a refused submission keeps it. An unreadable body reads as an
 * empty form, which the schema then refuses field by field.
 */
export async function readSpaceForm(request: Request, actor: Actor) {
  const formData = await readUploadForm(request, IMAGE_MAX_BYTES);
  const file = formData.get("logoFile");
  formData.delete("logoFile");
  if (!(file instanceof File) || file.size === 0) return { formData, logoError: null };
  const held = await holdSpaceLogo(actor, file).catch((error) => {
    if (error instanceof NotFoundError) throw error;
    console.error("logo upload failed", error);
    return { ok: false, message: "Could not upload logo. Please try again." } as const;
  });
  if (!held.ok) return { formData, logoError: held.message };
  formData.set("logo", held.key);
  return { formData, logoError: null };
}
