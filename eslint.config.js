import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const roleLiteralRules = [
  // role, user.role, me?.role, readerRole, p.viewerRole … on either side of ===, !==, ==, !=
  "BinaryExpression[operator=/^[!=]==?$/][right.type='Literal'] > :matches(Identifier[name=/^(role|[A-Za-z]+Role)$/], MemberExpression[computed=false][property.name=/^(role|[A-Za-z]+Role)$/], ChainExpression[expression.computed=false][expression.property.name=/^(role|[A-Za-z]+Role)$/]).left",
  "BinaryExpression[operator=/^[!=]==?$/][left.type='Literal'] > :matches(Identifier[name=/^(role|[A-Za-z]+Role)$/], MemberExpression[computed=false][property.name=/^(role|[A-Za-z]+Role)$/], ChainExpression[expression.computed=false][expression.property.name=/^(role|[A-Za-z]+Role)$/]).right",
].map((selector) => ({
  selector,
  message:
    'Do not compare a role with a string literal: use can(role, "<permission>"), assertCan, isStaff, isAttorney, isExpert or isAdministrator from @medlegal/domain (in the web also canOpenRoute, the server\'s `can` flags, or forAudience/audienceOf when only the wording differs).',
}));

// Issue 38 item 2: an identity predicate (a row's owner column compared with the signed-in user's id: user.id,
// actor.user.id, deps.actor.user.id …) decides which rows a user may see or change, so it lives in an area's
// access.ts (services/<area>/access.ts, or services/platform/access.ts when areas share it), as role rules live
// in the permission map. `user_id` is left out: per-user tables (sessions, two-factor, calendar feeds, a thread's
// or a meeting's participants) name their one person so, and reading one's own row there is no visibility rule.
const OWNER_COLUMN =
  "/(^|\\.)(attorney_id|consultant_id|interpreter_user_id|owner_id|assigned_employee_id|created_by|started_by|host_id|booking_consultant_id|uploaded_by)$/";
const OWNER_PROPERTY = OWNER_COLUMN.replace("(^|\\.)", "^");
const userId = (path) =>
  `:matches([${path}.property.name="id"][${path}.object.name="user"], [${path}.property.name="id"][${path}.object.property.name="user"])`;
const identityPredicateRules = [
  // row.attorney_id === user.id, actor.user.id !== report.consultant_id …
  `BinaryExpression[operator=/^[!=]==?$/][left.property.name=${OWNER_PROPERTY}]${userId("right")}`,
  `BinaryExpression[operator=/^[!=]==?$/][right.property.name=${OWNER_PROPERTY}]${userId("left")}`,
  // row?.attorney_id === user.id …
  `BinaryExpression[operator=/^[!=]==?$/][left.expression.property.name=${OWNER_PROPERTY}]${userId("right")}`,
  `BinaryExpression[operator=/^[!=]==?$/][right.expression.property.name=${OWNER_PROPERTY}]${userId("left")}`,
  // Kysely: where("queries.attorney_id", "=", actor.user.id), eb("va.consultant_id", "=", user.id), on(…)
  `CallExpression[arguments.length=3][arguments.0.value=${OWNER_COLUMN}][arguments.1.value=/^(=|<>|!=|in|is)$/]${userId("arguments.2")}`,
].map((selector) => ({
  selector,
  message:
    "Which rows a user may see is an access rule: write it once in the area's access.ts (services/<area>/access.ts, or services/platform/access.ts when shared) and call it from there (issue 38 item 2).",
}));

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
    // Issue 38 item 2: which rows a user may see (an identity predicate) lives in an area's access.ts.
    files: ["apps/web/src/**/*.{ts,tsx}", "packages/api/src/**/*.ts", "apps/server/src/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ...roleLiteralRules, ...identityPredicateRules] },
  },
  {
    // access.ts files are where the identity predicates live (the role-literal rule still holds there).
    files: ["**/access.ts"],
    rules: { "no-restricted-syntax": ["error", ...roleLiteralRules] },
  },
);
