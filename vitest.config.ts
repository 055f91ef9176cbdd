import { configDefaults, defineConfig } from "vitest/config";

/**
 * The test files besides the browser suites that run each in a fresh worker of its own: they
 * change what the files after them in a shared worker would see (a module mocked, a global
 * stubbed). test/architecture.test.ts holds that no other file mocks, stubs or spies, fakes the
 * clock, sets an environment variable or loads a module that keeps something between calls.
 */
export const ISOLATED_TESTS = ["test/failed-build.test.ts", "test/social-images.test.ts"];

/** The browser suites (named so: test/architecture.test.ts), each in a fresh worker with its browser. */
const BROWSER_TESTS = "test/**/*.browser.test.ts";

const options = {
  // Browser suites each start Chromium; two at a time suits a two-core machine. Said in each
  // project: one that does not say takes one worker fewer than the machine has processors.
  maxWorkers: 2,
  testTimeout: 60_000,
  // A hook may build a site of its own (15 s cold alone) or start a browser on a busy 2-core machine.
  hookTimeout: 120_000,
  // expect.poll waits up to this long (not Vitest's 1 s): the site editor's 2 MB script, or a
  // page in a browser on a machine busy with other tests, can take longer to settle.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    // The folder of the one build that the files which only read the site share (support/site.ts),
    // made once for the run: the projects below do not inherit it, and read what it provides.
    globalSetup: ["test/support/shared-build.ts"],
    projects: [
      {
        extends: false,
        test: { name: "isolated", include: [BROWSER_TESTS, ...ISOLATED_TESTS], ...options },
      },
      {
        // The other files share a worker, and the modules it has loaded, with the files that ran
        // in it before: the pipeline, React, sharp and the rest load once per worker, not once per
        // file (about 1.5 s of a processor's time each).
        extends: false,
        test: {
          name: "shared",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, BROWSER_TESTS, ...ISOLATED_TESTS],
          isolate: false,
          ...options,
        },
      },
    ],
  },
});
