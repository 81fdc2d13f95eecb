import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.data/**", "**/routeTree.gen.ts", "**/.turbo/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // A route file's search check runs in the first download: no validation library there
    // (src/lib/search-params.ts; docs/decisions.md, "Performance").
    files: ["apps/web/src/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "Check search parameters with @/lib/search-params: zod would join the first download.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 24: role rules live once, in @medlegal/domain. What a user may do is can(role, permission)
    // or assertCan; who a person is, isStaff, isAttorney, isExpert or isAdministrator; in the web also
    // the server's `can` flags, and forAudience/audienceOf where only the wording differs.
    files: ["apps/web/src/**/*.{ts,tsx}", "packages/api/src/**/*.ts", "apps/server/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          // role, user.role, me?.role, readerRole, p.viewerRole … on either side of ===, !==, ==, !=
          "BinaryExpression[operator=/^[!=]==?$/][right.type='Literal'] > :matches(Identifier[name=/^(role|[A-Za-z]+Role)$/], MemberExpression[computed=false][property.name=/^(role|[A-Za-z]+Role)$/], ChainExpression[expression.computed=false][expression.property.name=/^(role|[A-Za-z]+Role)$/]).left",
          "BinaryExpression[operator=/^[!=]==?$/][left.type='Literal'] > :matches(Identifier[name=/^(role|[A-Za-z]+Role)$/], MemberExpression[computed=false][property.name=/^(role|[A-Za-z]+Role)$/], ChainExpression[expression.computed=false][expression.property.name=/^(role|[A-Za-z]+Role)$/]).right",
        ].map((selector) => ({
          selector,
          message:
            'Do not compare a role with a string literal: use can(role, "<permission>"), assertCan, isStaff, isAttorney, isExpert or isAdministrator from @medlegal/domain (in the web also canOpenRoute, the server\'s `can` flags, or forAudience/audienceOf when only the wording differs).',
        })),
      ],
    },
  },
);
