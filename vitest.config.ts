import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    // A hook may build a site of its own (15 s cold alone) or start a browser on a busy 2-core machine.
    hookTimeout: 120_000,
    // expect.poll waits up to this long (not Vitest's 1 s): the site editor's 2 MB script, or a
    // page in a browser on a machine busy with other tests, can take longer to settle.
    expect: { poll: { timeout: 15_000 } },
    // Browser suites each start Chromium; two at a time suits a two-core machine.
    maxWorkers: 2,
    // The folder of the one build that the files which only read the site share (support/site.ts).
    globalSetup: ["test/support/shared-build.ts"],
  },
});
