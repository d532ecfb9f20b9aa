/** Where the browser loads a stored logo or avatar (served by app/routes/images.$.tsx). */
export function imageUrl(key: string | null | undefined): string | null {
  return key ? `/images/${key}` : null;
}
