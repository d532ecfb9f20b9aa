import { Avatar } from "~/components/ui";
import { type ChatPerson } from "~/shared";

/** SPEC §9: reader avatars shown: 3, then +N. */
const SHOWN = 3;

/** Who has read a message: up to three avatars and +N for the rest (decorative: the names are read out). */
export function Readers({ readers }: { readers: ChatPerson[] }) {
  if (!readers.length) return null;
  const shown = readers.slice(0, SHOWN);
  const more = readers.length - shown.length;
  const names = readers.map((reader) => reader.name).join(", ");
  if (readers.length === 1) {
    // One reader, as in most messages of a chat between two: their avatar alone is the picture (one element less).
    const [reader] = readers;
    return (
      <Avatar
        name={reader.name}
        src={reader.avatar}
        size="xs"
        alt={`Read by ${names}`}
        title={`Read by ${names}`}
        className="msg-reader"
      />
    );
  }
  return (
    // One picture named by who read it, its avatars inside it (role img: read as its name alone).
    <div className="msg-readers" role="img" aria-label={`Read by ${names}`} title={`Read by ${names}`}>
      {shown.map((reader) => (
        <Avatar key={reader.id} name={reader.name} src={reader.avatar} size="xs" alt="" />
      ))}
      {more > 0 ? <span className="msg-readers-more">+{more}</span> : null}
    </div>
  );
}
