// Cloudflare Pages, in its own runtime: a build for Cloudflare served by `wrangler pages dev`
// (workerd, the runtime of Cloudflare's edge, with Pages' handling of _headers and of pages'
// other names), offline. It answers the table of addresses as test/support/addresses.ts says, with
// the site's headers, and reads the build's files without a warning. A build for Cloudflare refuses
// the shipped data's placeholders (test/host-build.test.ts holds that), so the runtime serves the
// shipped data with them filled in (support/filled-in.ts), as the owner's site will be.
import { describe } from "vitest";
import { describeHostJobAddresses, describeHostRuntime } from "./support/host-checks.ts";
import { JOBS_TODAY } from "./support/job-fixtures.ts";
import { jobsDataDir, sharedJobsBuild } from "./support/site.ts";
import { startCloudflare } from "./support/host-runtime.ts";

describe("Cloudflare Pages (wrangler pages dev), the shipped data with its placeholders filled in", () => {
  describeHostRuntime(startCloudflare, {
    // wrangler's notes on the site's files: "Found N invalid redirect rules", an invalid header
    // rule, or any other warning it prints.
    warnings: /WARNING|invalid|✘|ERROR/,
  });

  describe("with the tests' jobs", () => {
    describeHostJobAddresses(async () =>
      startCloudflare({ dataDir: jobsDataDir(await sharedJobsBuild()), today: JOBS_TODAY }),
    );
  });
});
