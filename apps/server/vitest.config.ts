import { defineConfig } from "vitest/config";
import { testConfig } from "../../vitest.shared";

export default defineConfig({
  test: testConfig({
    environment: "node",
    // Real databases (PGlite, PostgreSQL) and real server processes: slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file's tests run out of their written order, so none leans on what an earlier one left
    // behind (docs/architecture.md, "Storage"). CI runs the checked order (seed 1); TEST_SEED=<n>
    // tries another, and Vitest prints the seed it used.
    sequence: { shuffle: { files: false, tests: true }, seed: Number(process.env.TEST_SEED ?? 1) },
  }),
});
