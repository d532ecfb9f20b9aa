/* The Appearance setting (issue 21): its choices, in the order the settings show them. */

/** The interface's colours: the system's setting, or light or dark whatever it says. */
export type Theme = "system" | "light" | "dark";

export const THEMES = ["system", "light", "dark"] as const satisfies readonly Theme[];

export const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

/** What the toast says once a theme is chosen. */
export const THEME_CHOSEN: Record<Theme, string> = {
  system: "The interface now follows your system's light or dark setting.",
  light: "The interface is now light.",
  dark: "The interface is now dark.",
};

/** The `data-theme` of the page: none for System, whose colours the system's setting picks in CSS. */
export function themeAttribute(theme: Theme | undefined): "light" | "dark" | undefined {
  return theme === "light" || theme === "dark" ? theme : undefined;
}
