import { defineConfig } from "vitest/config";
import { testConfig } from "../../vitest.shared";

export default defineConfig({
  test: testConfig({
    environment: "node",
    // Real databases (PGlite, PostgreSQL) and real server processes: slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  }),
});
