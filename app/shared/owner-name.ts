/** SPEC §3: an agency owner is shown by first plus last name, otherwise as "Agency Owner". Shared with the pages. */
export function ownerName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName].filter(Boolean).join(" ") || "Agency Owner";
}
