import { Avatar } from "~/components/ui/avatar";
import type { ChatPerson } from "~/shared/chat-message";

/** SPEC §9: reader avatars shown: 3, then +N. */
const SHOWN = 3;

/** Who has read a message: up to three avatars and +N for the rest. */
export function Readers({ readers, align }: { readers: ChatPerson[]; align: "start" | "end" }) {
  if (!readers.length) return null;
  const shown = readers.slice(0, SHOWN);
  const more = readers.length - shown.length;
  const names = readers.map((reader) => reader.name).join(", ");
  return (
    <div className={`mt-1 flex items-center gap-1 ${align === "end" ? "justify-end" : ""}`} title={`Read by ${names}`}>
      <span className="sr-only">Read by {names}</span>
      <div className="flex -space-x-1.5" aria-hidden="true">
        {shown.map((reader) => (
          <Avatar
            key={reader.id}
            name={reader.name}
            src={reader.avatar}
            size="xs"
            alt=""
            className="ring-2 ring-white"
          />
        ))}
      </div>
      {more > 0 ? (
        <span className="text-xs font-medium text-slate-500" aria-hidden="true">
          +{more}
        </span>
      ) : null}
    </div>
  );
}
