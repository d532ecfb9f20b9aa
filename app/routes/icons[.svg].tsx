import { iconSprite } from "~/components/ui/icon-sprite.server";

/** The icons' sprite (app/components/ui/icons.tsx): its URL changes with its glyphs, so it is cached for good. */
export function loader() {
  return new Response(iconSprite(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
