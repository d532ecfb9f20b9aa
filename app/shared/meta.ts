/** A page's title and meta description, the way every page gives them. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | Agency Workspace` }, { name: "description", content: description }];
}
