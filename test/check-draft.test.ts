// The check of a draft (.github/workflows/check-draft.yml): on every pull request, the job named
// "check" (the name the published branch's protection requires, and the stand-in for GitHub
// requires before a merge in test/editor-workflow.browser.test.ts) installs what a build needs and
// runs `sitegen check --production`, whose exit code fails the job when the host's build of the
// published branch would refuse the draft (a placeholder left in site.yaml included).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { HOST_INSTALL_FLAGS } from "../scripts/headers/hosts.ts";
import { REQUIRED_CHECK } from "./support/editor-workflow.ts";
import { ROOT } from "./support/paths.ts";
import { DEPLOYING_GUIDE, guideSection, readGuide } from "./support/readme.ts";

const WORKFLOW = ".github/workflows/check-draft.yml";

interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<
    string,
    { name?: string; "runs-on": string; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }
  >;
}

async function workflow(): Promise<Workflow> {
  const doc = parseDocument(await readFile(path.join(ROOT, WORKFLOW), "utf8"), { uniqueKeys: true });
  expect(doc.errors).toEqual([]);
  return doc.toJS() as Workflow;
}

describe("the check of a draft", () => {
  it("runs on every pull request, with a token that may only read", async () => {
    const parsed = await workflow();
    expect(Object.keys(parsed.on)).toEqual(["pull_request"]);
    expect(parsed.permissions).toEqual({ contents: "read" });
  });

  it("is one job named as the branch protection requires it", async () => {
    const jobs = Object.values((await workflow()).jobs);
    expect(jobs.map((job) => job.name)).toEqual([REQUIRED_CHECK]);
  });

  it("installs what a build needs, as the hosts do, and runs sitegen check last", async () => {
    const [job] = Object.values((await workflow()).jobs);
    const runs = job!.steps.filter((step) => step.run).map((step) => step.run!.trim());
    expect(runs).toEqual([`npm ci ${HOST_INSTALL_FLAGS.join(" ")}`, "npx sitegen check --production"]);
    const checkout = job!.steps.find((step) => step.uses?.startsWith("actions/checkout@"));
    // The whole history, for the check of /privacy's date by git blame (data/privacy-date.ts).
    expect(checkout?.with).toMatchObject({ "fetch-depth": 0 });
  });

  it("is what the deploying guide tells the keeper to require", async () => {
    const section = guideSection(await readGuide(DEPLOYING_GUIDE), "Drafts, previews and Publish");
    expect(section).toContain(WORKFLOW);
    expect(section).toContain(`\`${REQUIRED_CHECK}\``);
  });
});
