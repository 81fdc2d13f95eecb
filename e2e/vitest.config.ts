import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a user would wait for on a busy machine, not vitest's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
