/** A flash message: set by an action, shown once on the next page, with or without JavaScript. */
export type Toast = {
  id: string;
  type: "success" | "error" | "message";
  title: string;
  description?: string;
};
