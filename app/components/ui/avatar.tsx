import { clsx } from "clsx";
import { useState } from "react";

export type AvatarSize = "xs" | "sm" | "md" | "lg" | "xl";

const sizes: Record<AvatarSize, string> = {
  xs: "size-6 text-[10px]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-12 text-base",
  xl: "size-16 text-lg",
};

const palette = [
  "bg-indigo-100 text-indigo-700",
  "bg-sky-100 text-sky-700",
  "bg-emerald-100 text-emerald-700",
  "bg-amber-100 text-amber-800",
  "bg-rose-100 text-rose-700",
  "bg-violet-100 text-violet-700",
  "bg-teal-100 text-teal-700",
];

/** Up to two letters: the first letters of the first and last word ("Jane Doe" → "JD"). */
export function getInitials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return (first + last).toUpperCase();
}

function colorFor(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return palette[Math.abs(hash) % palette.length];
}

export type AvatarProps = {
  /** The person's or company's name: the initials and the image's alt text come from it. */
  name: string;
  src?: string | null;
  size?: AvatarSize;
  shape?: "circle" | "square";
  /** Alt text of the image; empty when the name is already written next to the avatar. */
  alt?: string;
  /** Shown on hover. */
  title?: string;
  className?: string;
};

/** A picture, or the initials (up to 2 letters) on a colour derived from the name. */
export function Avatar({ name, src, size = "md", shape = "circle", alt, title, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The look of every avatar is the `avatar` class of app/tailwind.css: pages show dozens.
  const classes = clsx("avatar", shape === "circle" ? "rounded-full" : "rounded-lg", sizes[size], className);
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={alt ?? name}
        title={title}
        className={clsx(classes, "bg-slate-100 object-cover")}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      className={clsx(classes, colorFor(name))}
      role={alt === "" ? undefined : "img"}
      aria-label={alt === "" ? undefined : (alt ?? name)}
      aria-hidden={alt === "" || undefined}
      title={title}
    >
      {getInitials(name)}
    </span>
  );
}
