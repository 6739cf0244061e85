// ESLint (flat config), run by `npm run lint` beside the layer rules (.dependency-cruiser.cjs) and
// the size limit. What it is for: the rules of hooks and the React Compiler's checks of
// eslint-plugin-react-hooks' whole `recommended` set (a hook out of order, a stale closure, a ref
// read during render, a state set in an effect: bugs no type catches), accessibility of the JSX (the
// site must serve everyone, and axe only sees the pages the e2e tests open), and TypeScript's
// recommended checks. Zero warnings: a finding is fixed, or disabled on its line with a comment
// that says why (decision 0034).
//
// JSX accessibility comes from eslint-plugin-jsx-a11y-x, the maintained fork of
// eslint-plugin-jsx-a11y (same rules, same options; its peers include ESLint 10, the original's
// stop at 9). Its rules are registered under the original's prefix, `jsx-a11y/`, so a disable
// comment reads the same as in every guide; tests/unit/eslint-a11y.test.ts shows they fire.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const a11yRules = Object.fromEntries(
  Object.entries(jsxA11y.configs.recommended.rules).map(([name, level]) => [name.replace(/^jsx-a11y-x\//, "jsx-a11y/"), level]),
);

export default defineConfig(
  { ignores: ["build/**", "build-*/**", ".react-router/**", "bench/bare/.react-router/**", "bench/bare/build/**", "node_modules/**", "public/**", "test-results/**", ".data/**", "playwright-report/**"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` says "unused on purpose" (a destructured field left out, a required parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
      // conform's bare entry is its zod 3 adapter: under zod 4 it imports names zod no longer has, and
      // the server fails at load (seen after a merge: typecheck passed, skipLibCheck). Decision 0034.
      "no-restricted-imports": ["error", { paths: [{ name: "@conform-to/zod", message: "Use @conform-to/zod/v4 (zod 4)." }] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "bench/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { "jsx-a11y": jsxA11y },
    rules: a11yRules,
  },
  {
    files: ["app/**/*.{ts,tsx}", "bench/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
  },
);
