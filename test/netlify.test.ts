// Netlify, in its own runtime: a build for Netlify served by `netlify dev` (offline, edge functions
// off), whose proxy applies the build's _redirects with Netlify's redirect engine and its _headers
// with Netlify's parser. It answers the table of addresses as test/support/addresses.ts says, with
// the site's headers, and reads the build's files without a warning. Where `netlify dev` differs
// from Netlify itself, test/netlify-rules.test.ts checks the files as Netlify's servers read them.
// A build for Netlify refuses the shipped data's placeholders (test/host-build.test.ts holds that),
// so the runtime serves the shipped data with them filled in (support/filled-in.ts), as the owner's
// site will be.
import { describe } from "vitest";
import { describeHostJobAddresses, describeHostRuntime } from "./support/host-checks.ts";
import { JOBS_TODAY } from "./support/job-fixtures.ts";
import { jobsDataDir, sharedJobsBuild } from "./support/site.ts";
import { startNetlify } from "./support/host-runtime.ts";

describe("Netlify (netlify dev), the shipped data with its placeholders filled in", () => {
  describeHostRuntime(startNetlify, {
    // Netlify's notes on the site's files: "Redirects syntax errors", "Headers syntax errors".
    warnings: /syntax errors?|invalid/i,
  });

  describe("with the tests' jobs", () => {
    describeHostJobAddresses(async () =>
      startNetlify({ dataDir: jobsDataDir(await sharedJobsBuild()), today: JOBS_TODAY }),
    );
  });
});
