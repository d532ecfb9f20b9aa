import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { clsx, CloseIcon } from "~/components/ui";

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** "md" for forms and confirmations; "lg" for wider forms. */
  size?: "md" | "lg";
  children: React.ReactNode;
};

/**
 * A dialog in place, on Headless UI's Dialog (focus trap, Escape, scroll lock, labelled
 * by its title). Only with JavaScript: every dialog's form also exists as a page that
 * works without it, which is where its opening link points.
 */
export function Modal({ open, onClose, title, description, size = "md", children }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 w-screen overflow-y-auto">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 ease-out data-[closed]:opacity-0 motion-reduce:transition-none"
      />
      <div className="relative">
        <div className="flex min-h-screen items-end justify-center p-3 sm:items-center sm:p-6">
          <DialogPanel
            transition
            className={clsx(
              "relative w-full rounded-xl bg-white p-5 shadow-xl shadow-slate-900/20 transition duration-150 ease-out data-[closed]:translate-y-2 data-[closed]:opacity-0 motion-reduce:transition-none sm:p-6",
              size === "lg" ? "max-w-2xl" : "max-w-lg",
            )}
          >
            <div className="pr-8">
              <DialogTitle className="text-lg font-semibold tracking-tight text-slate-900">{title}</DialogTitle>
              {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="absolute right-3 top-3 flex size-8 items-center justify-center rounded-lg text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">Close</span>
            </button>
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
