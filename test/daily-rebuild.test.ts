// The scheduled rebuild (docs/deploying.md, "Scheduled rebuild"): the GitHub Actions workflow is valid YAML,
// runs every day just after midnight in Mattoon and by hand, posts to the build hook from the
// repository secret only when that secret is set, and then checks the live site against its own
// build of the same commit (docs/deploying.md, "Checking a deploy"). Its shell steps run here as GitHub runs
// them (bash -e), with stand-ins for curl, npx and sleep that record what they were asked.
import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { businessDay } from "../scripts/data/special-hours.ts";
import { ROOT } from "./support/paths.ts";
import { DEPLOYING_GUIDE, guideSection, readGuide } from "./support/readme.ts";

const run = promisify(execFile);
const WORKFLOW = ".github/workflows/daily-rebuild.yml";
const HOOK = "https://api.netlify.com/build_hooks/0123456789abcdef01234567";

interface Step {
  name: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  run?: string;
}

interface Workflow {
  name: string;
  on: { schedule?: { cron: string }[]; workflow_dispatch?: unknown };
  permissions?: Record<string, string>;
  jobs: Record<string, { "runs-on": string; steps: Step[] }>;
}

async function workflow(): Promise<Workflow> {
  const doc = parseDocument(await readFile(path.join(ROOT, WORKFLOW), "utf8"), { uniqueKeys: true });
  expect(doc.errors).toEqual([]);
  expect(doc.warnings).toEqual([]);
  return doc.toJS() as Workflow;
}

/** The one step that calls the hook. */
async function hookStep(): Promise<Step> {
  const jobs = Object.values((await workflow()).jobs);
  expect(jobs).toHaveLength(1);
  const steps = jobs[0]!.steps.filter((step) => step.env?.BUILD_HOOK_URL !== undefined);
  expect(steps).toHaveLength(1);
  return steps[0]!;
}

/** The step that checks the live site. */
async function checkStep(): Promise<Step> {
  const steps = Object.values((await workflow()).jobs)[0]!.steps.filter((step) => step.run?.includes("check-deploy"));
  expect(steps).toHaveLength(1);
  return steps[0]!;
}

/**
 * Runs a step's script as GitHub does (bash -e), with `env`, and `command` stood in for by a
 * script that records its arguments and exits with the next of `exits` (the last one again when
 * they run out); `sleep` returns at once. Also what the step wrote to GITHUB_OUTPUT.
 */
async function runScript(script: string, env: Record<string, string>, command: string, exits: number[]) {
  const dir = await mkdtemp(path.join(tmpdir(), "daily-rebuild-"));
  const calls = path.join(dir, "calls");
  const output = path.join(dir, "github-output");
  const stub = path.join(dir, command);
  const codes = exits.map((code, index) => `${index + 1}) exit ${code} ;;`).join(" ");
  await writeFile(
    stub,
    `#!/bin/sh\nprintf '%s\\n' "$@" >> "${calls}"\nprintf '%s\\n' --- >> "${calls}"\n` +
      `count=$(grep -c -- '^---$' "${calls}")\ncase $count in ${codes} *) exit ${exits.at(-1)} ;; esac\n`,
  );
  await writeFile(path.join(dir, "sleep"), "#!/bin/sh\nexit 0\n");
  await Promise.all([chmod(stub, 0o755), chmod(path.join(dir, "sleep"), 0o755)]);
  const result = await run("bash", ["-e", "-c", script], {
    cwd: dir,
    env: { PATH: `${dir}:${process.env.PATH ?? ""}`, GITHUB_OUTPUT: output, ...env },
  }).then(
    ({ stdout }) => ({ status: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
  );
  const recorded = await readFile(calls, "utf8").catch(() => "");
  const written = await readFile(output, "utf8").catch(() => "");
  await rm(dir, { recursive: true, force: true });
  const invocations = recorded
    .split("---\n")
    .filter(Boolean)
    .map((call) => call.trimEnd().split("\n"));
  return { ...result, invocations, output: written };
}

/** Runs the hook step with BUILD_HOOK_URL as given and curl stood in for. */
async function runStep(hookUrl: string, curlExit = 0) {
  return runScript((await hookStep()).run!, { BUILD_HOOK_URL: hookUrl }, "curl", [curlExit]);
}

describe("the daily rebuild workflow", () => {
  it("is valid YAML: one job on GitHub's Ubuntu runner, whose token may only read the repository", async () => {
    const parsed = await workflow();
    expect(parsed.name).toBe("Daily rebuild");
    expect(Object.values(parsed.jobs).map((job) => job["runs-on"])).toEqual(["ubuntu-latest"]);
    expect(parsed.permissions).toEqual({ contents: "read" });
  });

  it("runs on a daily schedule, and by hand (workflow_dispatch)", async () => {
    const { on } = await workflow();
    expect(on.schedule).toHaveLength(1);
    expect(on.schedule![0]!.cron).toMatch(/^\d{1,2} \d{1,2} \* \* \*$/);
    expect(Object.keys(on)).toContain("workflow_dispatch");
  });

  it("runs just after midnight in Mattoon, in winter and in summer, so the day's build is the day's", async () => {
    const [minute, hour] = (await workflow()).on.schedule![0]!.cron.split(" ").map(Number);
    const hourInMattoon = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "numeric",
      hourCycle: "h23",
    });
    for (const day of ["2026-01-15", "2026-07-15"]) {
      const moment = new Date(Date.UTC(2026, Number(day.slice(5, 7)) - 1, 15, hour, minute));
      expect(businessDay(moment), day).toBe(day);
      expect(Number(hourInMattoon.format(moment)), day).toBeLessThan(2);
    }
  });

  it("takes the hook's address only from the repository secret BUILD_HOOK_URL", async () => {
    const step = await hookStep();
    expect(step.env).toEqual({ BUILD_HOOK_URL: "${{ secrets.BUILD_HOOK_URL }}" });
    const text = await readFile(path.join(ROOT, WORKFLOW), "utf8");
    expect(text).not.toMatch(/build_hooks\/|deploy_hooks\//);
  });

  it("does nothing, and says so, when the secret is not set", async () => {
    const { status, stdout, invocations, output } = await runStep("");
    expect(status).toBe(0);
    expect(invocations).toEqual([]);
    expect(stdout).toMatch(/^::notice .*BUILD_HOOK_URL is not set/m);
    expect(output).toBe("");
  });

  it("posts to the secret's address, once, when it is set", async () => {
    const { status, stdout, invocations, output } = await runStep(HOOK);
    expect(output).toBe("asked=true\n");
    expect(status).toBe(0);
    expect(invocations).toHaveLength(1);
    const args = invocations[0]!;
    expect(args.at(-1)).toBe(HOOK);
    expect(args[args.indexOf("--request") + 1]).toBe("POST");
    expect(args).toContain("--fail");
    expect(stdout).toContain("The host was asked to build the site.");
  });

  it("fails the run when the host refuses, so that GitHub reports it", async () => {
    const { status } = await runStep(HOOK, 22);
    expect(status).not.toBe(0);
  });

  it("builds the same commit and checks the live site only once the host was asked for a build", async () => {
    const steps = Object.values((await workflow()).jobs)[0]!.steps;
    const hook = await hookStep();
    expect(steps[0]).toEqual(hook);
    expect(hook.id).toBe("hook");
    for (const step of steps.slice(1)) expect(step.if, step.name).toBe("steps.hook.outputs.asked == 'true'");
    const checkout = steps.find((step) => step.uses?.startsWith("actions/checkout@"));
    // The sitemap's dates are the data's last commit: the build needs the history, as the host's has.
    expect(checkout?.with).toMatchObject({ "fetch-depth": 0 });
    const build = steps.find((step) => step.run?.includes("npm run generate"));
    expect(build?.run).toContain("npm ci --omit=dev");
    expect(steps.indexOf(build!)).toBeLessThan(steps.findIndex((step) => step.run?.includes("check-deploy")));
  });

  it("checks the live site once a minute until it is the build, and then passes", async () => {
    const { status, invocations } = await runScript((await checkStep()).run!, {}, "npx", [1, 1, 0]);
    expect(status).toBe(0);
    expect(invocations).toEqual([
      ["sitegen", "check-deploy"],
      ["sitegen", "check-deploy"],
      ["sitegen", "check-deploy"],
    ]);
  });

  it("checks the address of the repository variable SITE_URL, when it is set", async () => {
    const { invocations } = await runScript(
      (await checkStep()).run!,
      { SITE_URL: "https://www.example.com" },
      "npx",
      [0],
    );
    expect(invocations).toEqual([["sitegen", "check-deploy", "https://www.example.com"]]);
    expect((await checkStep()).env).toEqual({ SITE_URL: "${{ vars.SITE_URL }}" });
  });

  it("fails the run when the live site still differs after the last check, or the check cannot run", async () => {
    const differs = await runScript((await checkStep()).run!, {}, "npx", [1]);
    expect(differs.status).toBe(1);
    expect(differs.invocations).toHaveLength(15);
    const cannot = await runScript((await checkStep()).run!, {}, "npx", [2]);
    expect(cannot.status).toBe(2);
    expect(cannot.invocations).toHaveLength(1);
  });

  it("is what the deploying guide describes", async () => {
    const section = guideSection(await readGuide(DEPLOYING_GUIDE), "Scheduled rebuild");
    expect(section).toContain(WORKFLOW);
    expect(section).toContain("`BUILD_HOOK_URL`");
    expect(section).toContain("06:10 UTC");
    expect((await workflow()).on.schedule![0]!.cron).toBe("10 6 * * *");
  });
});
