import { useId, useRef, useState, type RefObject } from "react";
import { clsx, Avatar, useHydrated } from "~/components/ui";
import { type ChatPerson } from "~/shared";

/** How many members the list offers at once. */
const SHOWN = 6;
/** Past this many characters after an "@", the person is not typing a name. */
const LONGEST_QUERY = 40;

/** The "@" being typed at the caret and what follows it, or null when the caret is not in a mention. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf("@");
  if (start === -1 || (start > 0 && !/\s/.test(before[start - 1]))) return null;
  const query = before.slice(start + 1);
  if (query.length > LONGEST_QUERY || /[\n@]/.test(query)) return null;
  return { start, query };
}

/**
 * The message box's suggestions after an "@": the members of the space whose name has
 * a word starting with what follows it, as a listbox the box controls (ARIA's combobox
 * pattern): ↑ and ↓ move, Enter or Tab takes one, Escape closes. Taking one writes
 * "@Full Name " into the text, which the server matches on send (app/shared/mentions.ts),
 * as it matches what someone without JavaScript types. The members are fetched once,
 * on the first "@".
 */
export function useMentionSuggestions(membersUrl: string, boxRef: RefObject<HTMLTextAreaElement | null>) {
  const hydrated = useHydrated();
  const listId = useId();
  const [members, setMembers] = useState<ChatPerson[] | null>(null);
  const requested = useRef(false);
  const [typed, setTyped] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);

  const words = (name: string) => name.toLocaleLowerCase().split(/\s+/);
  const query = typed?.query.toLocaleLowerCase() ?? "";
  const matches = typed
    ? (members ?? [])
        .filter(
          (member) =>
            !query ||
            member.name.toLocaleLowerCase().startsWith(query) ||
            words(member.name).some((word) => word.startsWith(query)),
        )
        .slice(0, SHOWN)
    : [];
  const open = matches.length > 0;

  const follow = (box: HTMLTextAreaElement) => {
    const found = mentionAt(box.value, box.selectionStart ?? box.value.length);
    if (found?.query !== typed?.query) setActive(0);
    setTyped(found);
    if (found && !requested.current) {
      requested.current = true;
      fetch(membersUrl, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .then((answer: { members?: ChatPerson[] } | null) => setMembers(answer?.members ?? []))
        .catch(() => {
          // Without the list the box is a plain box: "@Full Name" typed whole still mentions.
          requested.current = false;
        });
    }
  };

  const choose = (box: HTMLTextAreaElement, member: ChatPerson) => {
    if (!typed) return;
    const caret = box.selectionStart ?? box.value.length;
    const inserted = `@${member.name} `;
    box.setRangeText(inserted, typed.start, caret, "end");
    box.dispatchEvent(new Event("input", { bubbles: true }));
    setTyped(null);
    box.focus();
  };

  /** Handles the keys of an open list; true when it took the key (the box must not act on it too). */
  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      choose(event.currentTarget, matches[active]);
    } else if (event.key === "Escape") {
      setTyped(null);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const comboboxProps = hydrated
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-activedescendant": open ? optionId(active) : undefined,
      }
    : {};

  const listbox = (
    <ul
      id={listId}
      role="listbox"
      aria-label="Members to mention"
      hidden={!open}
      className="absolute bottom-full left-0 z-20 mb-2 w-72 max-w-full overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
    >
      {matches.map((member, index) => (
        <li
          key={member.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // Keeps the focus in the box: the click chooses, the box stays where the person types.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => boxRef.current && choose(boxRef.current, member)}
          className={clsx(
            "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm",
            index === active ? "bg-indigo-50 text-indigo-800" : "text-slate-800",
          )}
        >
          <Avatar name={member.name} src={member.avatar} size="xs" alt="" />
          {member.name}
        </li>
      ))}
    </ul>
  );

  return { comboboxProps, follow, onKeyDown, listbox, close: () => setTyped(null) };
}
