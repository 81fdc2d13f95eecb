/**
 * What the tests of every package share; each package's vitest.config.ts passes its own settings
 * (environment, timeouts, setup files) through `testConfig`. Plain values, no vitest import: the
 * root has no vitest of its own, and each package's defineConfig checks the merged settings.
 */
export const sharedTest = {
  // Node tests live in test/; the web names its own (they sit next to the components).
  include: ["test/**/*.test.ts"],
  // Each test file in its own process: native modules (argon2, PGlite) and process-wide state
  // (the clock, signal handlers) never leak from one file into another.
  pool: "forks" as const,
  // The machines these run on have 2 cores, and the database-backed suites are heavy.
  maxWorkers: 2,
  // A spy or mock set up by one test never answers in the next.
  restoreMocks: true,
};

/** The shared settings with a package's own on top (a package's value wins). */
export function testConfig<Own extends object>(own: Own): typeof sharedTest & Own {
  return { ...sharedTest, ...own };
}
