import { defineConfig } from "vitest/config";
import { testConfig } from "../../vitest.shared";

export default defineConfig({
  test: testConfig({ testTimeout: 30_000, hookTimeout: 60_000 }),
});
