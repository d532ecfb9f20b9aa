/**
 * A panel above the message box that stands in for a dialog, the same with JavaScript and
 * without (a form and a link back): sharing a team-only message, a sign-off's steps.
 */
export function ChatPanel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="max-h-[60%] overflow-y-auto border-t border-indigo-200 bg-indigo-50 p-3 text-sm"
    >
      {/* A file's name may be one long word. */}
      <h3 id={`${id}-title`} className="break-words font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
