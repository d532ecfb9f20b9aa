import { holdSpaceLogo } from "~/models/spaces.server";
import type { Actor } from "~/models/actors.server";
import { Refusal, isNotFound } from "~/models/errors.server";
import { IMAGE_MAX_BYTES } from "~/models/uploads.server";
import { refusalOf } from "./form-action.server";
import { readUploadForm } from "./request.server";

/**
 * Reads a space form. Without JavaScript the logo comes as a file (`logoFile`) in the
 * same multipart post: it is stored like the dialog's upload and the form goes on with
 * its key in `logo`, so a refused submission keeps it; a refused file is the logo
 * field's refusal, for the action to answer. An unreadable body reads as an empty
 * form, which the schema then refuses field by field.
 */
export async function readSpaceForm(request: Request, actor: Actor) {
  const formData = await readUploadForm(request, IMAGE_MAX_BYTES);
  const file = formData.get("logoFile");
  formData.delete("logoFile");
  if (!(file instanceof File) || file.size === 0) return { formData, logoRefusal: null };
  try {
    formData.set("logo", await holdSpaceLogo(actor, file));
  } catch (error) {
    if (isNotFound(error)) throw error;
    const refusal = refusalOf(error, "Could not upload logo. Please try again.");
    return { formData, logoRefusal: new Refusal(refusal.message, { field: "logo", status: refusal.status }) };
  }
  return { formData, logoRefusal: null };
}
