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
      <span id={id} role="tooltip" className="tooltip-content">
        {content}
      </span>
    </span>
  );
}
