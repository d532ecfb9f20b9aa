import { useId } from "react";

/**
 * A short text shown while the control under it is hovered or focused, and read as
 * its description. The control gets the text's id for `aria-describedby`; a control
 * that is unavailable should use `aria-disabled` (not `disabled`) so it keeps the
 * focus and its tooltip can be read.
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
    <span className="group/tooltip relative inline-flex">
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute right-0 top-full z-30 mt-2 w-max max-w-[16rem] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white opacity-0 shadow transition-opacity group-focus-within/tooltip:visible group-focus-within/tooltip:opacity-100 group-hover/tooltip:visible group-hover/tooltip:opacity-100"
      >
        {content}
      </span>
    </span>
  );
}
