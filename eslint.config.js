// ESLint (flat config), run by `npm run lint` beside the layer rules (.dependency-cruiser.cjs) and
// the size limit. What it is for: the rules of hooks and their dependencies (a hook out of order
// or a stale closure is a bug no type catches), accessibility of the JSX (the site must serve
// everyone, and axe only sees the pages the e2e tests open), and TypeScript's recommended checks.
// Zero warnings: a finding is fixed, or disabled on its line with a comment that says why.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", ".react-router/**", "bench/bare/.react-router/**", "bench/bare/build/**", "node_modules/**", "public/**", "test-results/**", ".data/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` says "unused on purpose" (a destructured field left out, a required parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "bench/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, "react-hooks": reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
