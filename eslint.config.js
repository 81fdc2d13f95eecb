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
    // Issue 24: what a user may do is can(role, permission), isStaff or the server's `can` flags from
    // @medlegal/domain; wording by point of view goes through @/lib/audience. No role string literals.
    files: ["apps/web/src/**/*.{ts,tsx}"],
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
            'Do not compare a role with a string literal. Use can(role, "<permission>") or isStaff from @medlegal/domain, canOpenRoute for links, the server\'s `can` flags, or forAudience/audienceOf from @/lib/audience when only the wording differs.',
        })),
      ],
    },
  },
  {
    // A route file's search check runs in the first download: no validation library there
    // (src/lib/search-params.ts; docs/decisions.md, "Performance").
    files: ["apps/web/src/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", allowTypeImports: true, message: "Check search parameters with @/lib/search-params: zod would join the first download." }] },
      ],
    },
  },
  {
    // Role rules live once, in the domain (can, isStaff, isAttorney, isExpert, isAdministrator; docs/decisions.md).
    files: ["packages/api/src/**/*.ts", "apps/server/src/**/*.ts"],
    ignores: ["packages/api/src/services/platform/access.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/]:matches([left.type='MemberExpression'][left.property.name='role'][right.type='Literal'], [left.type='Identifier'][left.name='role'][right.type='Literal'], [right.type='MemberExpression'][right.property.name='role'][left.type='Literal'], [right.type='Identifier'][right.name='role'][left.type='Literal'])",
          message: "Do not compare a role with a string: use can(role, permission), assertCan, isStaff, isAttorney, isExpert or isAdministrator from @medlegal/domain.",
        },
      ],
    },
  },
);
