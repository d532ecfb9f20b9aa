import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: ["build/", "public/build/", "node_modules/", "data/", ".cache/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,jsx,mjs,cjs}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // An argument or caught error we must accept but do not use is named with a leading _.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ["**/*.{jsx,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      ...react.configs.flat["jsx-runtime"].languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // TypeScript checks props.
      "react/prop-types": "off",
    },
  },
  {
    files: ["**/*.{jsx,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  ...layers(),
  {
    /*
     * The browser build puts each module in a chunk of the set of routes that reach it:
     * the modules many pages share are imported through the index of their part, so that
     * they share one chunk (app/components/ui/index.ts says why). Their own modules and the
     * server's import them directly.
     */
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "**/*.server.{ts,tsx}",
      "app/shared/**",
      "app/components/*/index.ts",
      "app/components/ui/{alert,avatar,button,card,details-menu,dialog-state,empty-state,field,icons,on-demand-details,page-header,pager,tooltip,presence-avatar}.tsx",
      "app/components/{error-boundary,toaster,use-clock,use-hydrated,get-json}.{ts,tsx}",
      "app/components/realtime/*.ts",
      "app/components/spaces/{space-header,space-tabs,client-space-header,space-not-found}.tsx",
      "app/components/sign-offs/sign-off-badge.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^(clsx|~/components/(ui/(alert|avatar|button|card|details-menu|dialog-state|empty-state|field|icons|on-demand-details|page-header|pager|tooltip)|error-boundary|toaster|use-clock|use-hydrated))$",
              message: "Import the UI kit through ~/components/ui",
            },
            {
              regex: "^~/components/(realtime/.+|get-json|ui/presence-avatar)$",
              message: "Import the live side through ~/components/realtime",
            },
            {
              regex:
                "^~/components/(spaces/(space-header|space-tabs|client-space-header|space-not-found)|sign-offs/sign-off-badge)$",
              message: "Import a space page's frame through ~/components/spaces",
            },
            {
              regex:
                "^~/components/settings/(audit-log|load-error|notifications-page|profile-page|security-page|settings-layout)$",
              message: "Import the settings pages through ~/components/settings",
            },
            {
              regex: "^~/web/settings/.+$",
              message: "Import the settings routes' loaders and actions through ~/web/settings.server",
            },
            {
              regex: "^~/shared/(?!presence-words$|form-constraints$)(?!.*\\.schemas$).+$",
              message:
                "Import app/shared through ~/shared (its zod schemas, form constraints and presence words directly)",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations and the migrator work on the database as it is at that step, not on the
    // current schema type: Kysely<any> is the documented type there.
    files: ["db/migrator.ts", "db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright's fixture callback takes `use`, which the hooks rule mistakes for React's `use`.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);

/*
 * The arrows of docs/architecture.md, held by the linter: each part names the parts it
 * may not import. `app/shared` is what the browser and the server both import (no
 * `.server` module, no database type); the browser's components import it and no rule,
 * request or database code (a loader's or action's type, through `import type` of a
 * route, is allowed); only the models, the process, the realtime server and the server's
 * entries reach the infrastructure in `app/services`; nothing below a part imports it.
 * tests/unit/architecture.test.ts tries each forbidden import and expects it refused.
 */
function layers() {
  const part = {
    shared: ["~/shared/*"],
    components: ["~/components/**"],
    routes: ["~/routes/*"],
    web: ["~/web/**"],
    realtime: ["~/realtime/*"],
    process: ["~/process/*"],
    models: ["~/models/*"],
    services: ["~/services/*"],
    // "#" opens a comment in these gitignore-style patterns.
    db: ["\\#db/*"],
    server: ["**/*.server", "**/*.server.ts"],
  };
  const refuse = (files, parts, message, { typesAllowed = [] } = {}) => ({
    files,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...parts.map((name) => ({ group: part[name], message: `${message} (${name})` })),
            ...typesAllowed.map((name) => ({
              group: part[name],
              allowTypeImports: true,
              message: `${message}: only a type of ${name}, through \`import type\``,
            })),
          ],
        },
      ],
    },
  });
  return [
    refuse(
      ["app/shared/**"],
      ["components", "routes", "web", "realtime", "process", "models", "services", "db", "server"],
      "app/shared is the browser's and the server's alike: pure rules, words and shapes",
    ),
    refuse(
      ["app/components/**", "app/entry.client.tsx"],
      ["web", "realtime", "process", "models", "services", "db", "server"],
      "Components import app/shared and each other",
      { typesAllowed: ["routes"] },
    ),
    refuse(
      ["app/routes/**"],
      ["realtime", "process", "services", "db"],
      "Routes reach rules through app/web and app/models",
    ),
    refuse(
      ["app/web/**"],
      ["components", "routes", "realtime", "process", "services", "db"],
      "app/web is the request side: it calls models",
    ),
    refuse(
      ["app/realtime/**"],
      ["components", "routes", "process", "db"],
      "app/realtime is the socket side: it calls models, and services for its own infrastructure",
    ),
    refuse(
      ["app/models/**"],
      ["components", "routes", "web", "realtime", "process"],
      "Models hold the rules and call only services and the database",
    ),
    refuse(
      ["app/services/**", "db/**"],
      ["components", "routes", "web", "realtime", "process", "models"],
      "Infrastructure knows no rule",
    ),
    refuse(
      ["app/process/**"],
      ["components", "routes", "web"],
      "app/process starts and stops the app: models, services and the realtime server",
    ),
  ];
}
