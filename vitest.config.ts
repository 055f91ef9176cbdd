import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser suites each start Chromium; two at a time suits a two-core machine.
    maxWorkers: 2,
    // The folder of the one build that the files which only read the site share (support/site.ts).
    globalSetup: ["test/support/shared-build.ts"],
  },
});
