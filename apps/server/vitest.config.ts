import { defineConfig } from "vitest/config";
import { testConfig } from "../../vitest.shared";

export default defineConfig({
  test: testConfig({
    environment: "node",
    // Real databases (PGlite, PostgreSQL) and real server processes: slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file's tests run in a random order, so none leans on what an earlier one left behind
    // (docs/architecture.md, "Storage"). Vitest prints the seed ("Running tests with seed ..."): pass it back with
    // --sequence.seed=<seed> to repeat an order.
    sequence: { shuffle: { files: false, tests: true } },
  }),
});
