/**
 * A flash message: set by an action, shown once on the next page, with or without
 * JavaScript; or shown by the browser's own code (`showToast` in app/components/toaster.tsx)
 * for an answer that came without a page, such as the chat's over its socket.
 */
export type Toast = {
  id: string;
  type: "success" | "error" | "message";
  title: string;
  description?: string;
};

export type ToastInput = Omit<Toast, "id">;

/** A button's answer to a fetcher that stays on its page: whether it went, and the toast the page shows as it revalidates. */
export type ToastAnswer = { ok: boolean; toast: ToastInput };
