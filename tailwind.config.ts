import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";
import plugin from "tailwindcss/plugin";

/*
 * Light and dark (issue 21). Every colour the app uses is a CSS variable, so one set of
 * class names serves both themes: the dark theme reads each palette backwards (a pale
 * background becomes a deep one, dark text becomes light), and slate, the surfaces and
 * text, has its own order so that a card (white) stands apart from the page (slate-50)
 * and from what sits on it (slate-100). `data-theme` on <html> is the user's choice;
 * without one the system's setting decides, in CSS alone, so there is no flash and no
 * script is needed.
 */

const PALETTES = ["slate", "indigo", "red", "amber", "emerald", "orange", "rose", "sky", "teal", "violet"] as const;
const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
type Shade = (typeof SHADES)[number];

/** "#0f172a" or "#fff" as the "r g b" a variable holds. */
function channels(hex: string) {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)).join(" ");
}
const mirrored = (shade: Shade): Shade => SHADES[SHADES.length - 1 - SHADES.indexOf(shade)];
// Dark surfaces: the page slate-950, cards slate-900 ("white"), what sits on them slate-800.
const DARK_SLATE: Record<Shade, string> = {
  "50": colors.slate[950],
  "100": colors.slate[800],
  "200": colors.slate[700],
  "300": colors.slate[600],
  "400": colors.slate[500],
  "500": colors.slate[400],
  "600": colors.slate[300],
  "700": colors.slate[200],
  "800": colors.slate[100],
  "900": colors.slate[50],
  "950": colors.white,
};

function variables(theme: "light" | "dark") {
  const dark = theme === "dark";
  const entries: Array<[string, string]> = [
    ["--c-white", channels(dark ? colors.slate[900] : colors.white)],
    ["--c-black", channels(dark ? colors.white : colors.black)],
  ];
  for (const palette of PALETTES) {
    for (const shade of SHADES) {
      const hex = !dark
        ? colors[palette][shade]
        : palette === "slate"
          ? DARK_SLATE[shade]
          : colors[palette][mirrored(shade)];
      entries.push([`--c-${palette}-${shade}`, channels(hex)]);
    }
  }
  return { ...Object.fromEntries(entries), colorScheme: theme };
}

const variable = (name: string) => `rgb(var(--c-${name}) / <alpha-value>)`;

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    colors: {
      transparent: "transparent",
      current: "currentColor",
      inherit: "inherit",
      white: variable("white"),
      black: variable("black"),
      ...Object.fromEntries(
        PALETTES.map((palette) => [
          palette,
          Object.fromEntries(SHADES.map((shade) => [shade, variable(`${palette}-${shade}`)])),
        ]),
      ),
    },
    extend: {
      width: { sidebar: "240px", "sidebar-collapsed": "72px" },
      screens: { md: "768px" },
      fontFamily: {
        sans: ["Inter", "ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
  plugins: [
    plugin(({ addBase }) =>
      addBase({
        ":root": variables("light"),
        ":root[data-theme='dark']": variables("dark"),
        "@media (prefers-color-scheme: dark)": { ":root:not([data-theme='light'])": variables("dark") },
      }),
    ),
  ],
} satisfies Config;
