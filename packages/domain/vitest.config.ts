import { defineConfig } from "vitest/config";
import { testConfig } from "../../vitest.shared";

export default defineConfig({
  test: testConfig({}),
});
