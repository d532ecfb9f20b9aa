import { useId } from "react";

/**
 * A short text shown while the control under it is hovered or focused, and read as
 * its description. The control gets the text's id for `aria-describedby`; a control
 * that is unavailable should use `aria-disabled` (not `disabled`) so it keeps the
 * focus and its tooltip can be read. Its look is in app/tailwind.css (a chat shows one per reaction).
 */
export function Tooltip({
  content,
  children,
}: {
  content: string;
  children: (describedBy: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <span className="tooltip">
      {children(id)}
      <TooltipText id={id}>{content}</TooltipText>
    </span>
  );
}

/**
 * The tooltip's text alone, for a control that holds it itself (with the `tooltip` class)
 * rather than under Tooltip's wrapper: one element less where a page shows many (a
 * chat's reactions). The control names `id` in its `aria-describedby`.
 */
export function TooltipText({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span id={id} role="tooltip" className="tooltip-content">
      {children}
    </span>
  );
}
