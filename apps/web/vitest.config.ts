import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { testConfig } from "../../vitest.shared";

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": decodeURIComponent(new URL("./src", import.meta.url).pathname) } },
  test: testConfig({
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    // Component tests sit next to their components.
    include: ["src/**/*.test.{ts,tsx}"],
  }),
});
