import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { iconSprite } from "~/components/ui/icon-sprite.server";
import { EditIcon, GLYPHS, ICON_SPRITE_URL } from "~/components/ui/icons";

test("the sprite draws every glyph the icons name, at Heroicons' size and in its paint for its style", () => {
  const sprite = iconSprite();
  for (const [id, style] of Object.entries(GLYPHS)) {
    const viewBox = style === "outline" ? "0 0 24 24" : "0 0 20 20";
    const paint = style === "outline" ? 'fill="none" stroke-width="1.5" stroke="currentColor"' : 'fill="currentColor"';
    expect(sprite).toMatch(new RegExp(`<symbol id="${id}" viewBox="${viewBox}"><path ${paint} [^>]*d="[Mm]`));
  }
  // Every shape is painted: an icon on a page says only which glyph it is.
  expect(sprite.match(/<path fill=/g)).toHaveLength(sprite.match(/<path /g)!.length);
  expect(sprite).not.toMatch(/<(circle|ellipse|line|polygon|polyline|rect)\b/);
  expect(sprite.match(/<symbol /g)).toHaveLength(Object.keys(GLYPHS).length);
});

test("an icon refers to its glyph in the sprite: decorative, or named by its title", () => {
  const decorative = renderToStaticMarkup(<EditIcon className="size-4" />);
  expect(decorative).toContain(`<use href="${ICON_SPRITE_URL}#edit"></use>`);
  expect(decorative).toContain('aria-hidden="true"');
  const named = renderToStaticMarkup(<EditIcon title="Edit" />);
  expect(named).toContain('role="img"');
  expect(named).toContain("<title>Edit</title>");
  expect(named).not.toContain("aria-hidden");
});
