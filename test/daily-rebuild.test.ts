// The scheduled rebuild (docs/deploying.md, "Scheduled rebuild"): the GitHub Actions workflow is valid
// YAML, runs every day just after midnight in Mattoon and by hand, asks `sitegen changed-since`
// whether today's build differs from the live one (the last successful run's, or the last commit's),
// posts to the build hook from the repository secret only then, and checks the live site against
// today's build (docs/deploying.md, "Checking a deploy"). Its shell steps run here as GitHub runs them
// (bash -e), one by one or the whole job in order with each step's `if` decided from the outputs of
// the steps before it, with stand-ins for gh, npx, curl and sleep that record what they were asked.
// Which days changed-since says "build" is test/daily-rebuild-days.test.ts.
import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { businessDay } from "../scripts/data/days.ts";
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
  on: {
    schedule?: { cron: string }[];
    workflow_dispatch?: { inputs?: Record<string, { type: string; default: unknown; description: string }> };
  };
  permissions?: Record<string, string>;
  jobs: Record<string, { "runs-on": string; steps: Step[] }>;
}

async function workflow(): Promise<Workflow> {
  const doc = parseDocument(await readFile(path.join(ROOT, WORKFLOW), "utf8"), { uniqueKeys: true });
  expect(doc.errors).toEqual([]);
  expect(doc.warnings).toEqual([]);
  return doc.toJS() as Workflow;
}

async function steps(): Promise<Step[]> {
  const jobs = Object.values((await workflow()).jobs);
  expect(jobs).toHaveLength(1);
  return jobs[0]!.steps;
}

/** The one step with this id. */
async function stepWithId(id: string): Promise<Step> {
  const found = (await steps()).filter((step) => step.id === id);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The step that checks the live site. */
async function checkStep(): Promise<Step> {
  const found = (await steps()).filter((step) => step.run?.includes("check-deploy"));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** A stand-in command: each call exits with the next of `exits` (the last again when they run out), printing `stdout`. */
interface StandIn {
  exits: number[];
  stdout?: string;
}

interface Run {
  status: number;
  stdout: string;
  /** Every call of a stand-in, in order: its name, then its arguments. */
  invocations: string[][];
  /** What the steps wrote to GITHUB_OUTPUT, as name=value lines. */
  output: string;
}

/**
 * Runs a step's script as GitHub does (bash -e), with `env`, each command of `standIns` stood in for
 * by a script that records its arguments; `sleep` returns at once.
 */
async function runScript(script: string, env: Record<string, string>, standIns: Record<string, StandIn>): Promise<Run> {
  const dir = await mkdtemp(path.join(tmpdir(), "daily-rebuild-"));
  try {
    await writeStandIns(dir, standIns);
    return await runIn(dir, script, env);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeStandIns(dir: string, standIns: Record<string, StandIn>): Promise<void> {
  const calls = path.join(dir, "calls");
  const all: Record<string, StandIn> = { sleep: { exits: [0] }, ...standIns };
  for (const [name, { exits, stdout = "" }] of Object.entries(all)) {
    const counter = path.join(dir, `${name}.count`);
    const codes = exits.map((code, index) => `${index + 1}) exit ${code} ;;`).join(" ");
    const record = name === "sleep" ? "" : `{ printf '<%s>\\n' ${name} "$@"; printf '%s\\n' ---; } >> "${calls}"\n`;
    await writeFile(
      path.join(dir, name),
      `#!/bin/sh\n${record}echo x >> "${counter}"\ncount=$(wc -l < "${counter}")\n` +
        (stdout ? `printf '%s\\n' ${JSON.stringify(stdout)}\n` : "") +
        `case $count in ${codes} *) exit ${exits.at(-1)} ;; esac\n`,
    );
    await chmod(path.join(dir, name), 0o755);
  }
}

async function runIn(dir: string, script: string, env: Record<string, string>): Promise<Run> {
  const output = path.join(dir, "github-output");
  const before = await readFile(output, "utf8").catch(() => "");
  const result = await run("bash", ["-e", "-c", script], {
    cwd: dir,
    env: { PATH: `${dir}:${process.env.PATH ?? ""}`, GITHUB_OUTPUT: output, ...env },
  }).then(
    ({ stdout }) => ({ status: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
  );
  const recorded = await readFile(path.join(dir, "calls"), "utf8").catch(() => "");
  const written = (await readFile(output, "utf8").catch(() => "")).slice(before.length);
  const invocations = recorded
    .split("---\n")
    .filter(Boolean)
    .map((call) =>
      call
        .trimEnd()
        .split("\n")
        .map((arg) => arg.slice(1, -1)),
    );
  return { ...result, invocations, output: written };
}

/** `steps.<id>.outputs.<name> == 'true'`, the only form of condition the workflow uses. */
function conditionHolds(condition: string | undefined, outputs: Map<string, Map<string, string>>): boolean {
  if (condition === undefined) return true;
  const match = /^steps\.([\w-]+)\.outputs\.([\w-]+) == 'true'$/.exec(condition);
  if (!match) throw new Error(`a condition the test does not read: ${condition}`);
  return outputs.get(match[1]!)?.get(match[2]!) === "true";
}

/** `${{ … }}` in a step's env, as GitHub fills it in from the run's secrets, variables and inputs. */
function filled(
  value: string,
  context: { secrets: Record<string, string>; inputs: Record<string, string> },
  outputs: Map<string, Map<string, string>>,
): string {
  return value.replace(/\$\{\{ ([^}]+) \}\}/g, (_, expression: string) => {
    const [scope, name, , output] = expression.split(".");
    if (scope === "secrets") return context.secrets[name!] ?? "";
    if (scope === "inputs") return context.inputs[name!] ?? "";
    if (scope === "steps") return outputs.get(name!)?.get(output!) ?? "";
    return "";
  });
}

/**
 * The whole job as GitHub runs it, step after step: each step's `if` decided from the outputs the
 * steps before it wrote, `uses:` steps (checkout, Node) taken as done, and the first failing step
 * ending the run. What each step ran, and the stand-ins' calls.
 */
async function runJob(
  context: { secrets: Record<string, string>; inputs?: Record<string, string> },
  standIns: Record<string, StandIn>,
): Promise<{ status: number; ran: string[]; invocations: string[][]; stdout: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "daily-rebuild-job-"));
  const outputs = new Map<string, Map<string, string>>();
  const ran: string[] = [];
  let stdout = "";
  let last: Run = { status: 0, stdout: "", invocations: [], output: "" };
  try {
    // npm's install and generate, run by the job, stood in for too.
    await writeStandIns(dir, { npm: { exits: [0] }, ...standIns });
    for (const step of await steps()) {
      if (!conditionHolds(step.if, outputs)) continue;
      ran.push(step.name);
      if (step.uses) continue;
      const env = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([name, value]) => [
          name,
          filled(value, { inputs: {}, ...context }, outputs),
        ]),
      );
      last = await runIn(dir, step.run!, { GITHUB_REPOSITORY: "owner/site", ...env });
      stdout += last.stdout;
      if (step.id) {
        const written = new Map(
          last.output
            .trim()
            .split("\n")
            .filter(Boolean)
            .map((line) => line.split("=") as [string, string]),
        );
        outputs.set(step.id, written);
      }
      if (last.status !== 0) break;
    }
    return { status: last.status, ran, invocations: last.invocations, stdout };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const LAST_RUN = "2026-11-27T06:12:31Z";
/** gh answering the API's question about the last successful run with its start. */
const GH_LAST_RUN: StandIn = { exits: [0], stdout: LAST_RUN };
/** The calls after the install, each as its command and first two arguments. */
const ids = (invocations: string[][]) =>
  invocations.filter((call) => call[1] !== "ci").map((call) => call.slice(0, 3).join(" "));

describe("the daily rebuild workflow", () => {
  it("is valid YAML: one job on GitHub's Ubuntu runner, whose token may only read the repository and its runs", async () => {
    const parsed = await workflow();
    expect(parsed.name).toBe("Daily rebuild");
    expect(Object.values(parsed.jobs).map((job) => job["runs-on"])).toEqual(["ubuntu-latest"]);
    expect(parsed.permissions).toEqual({ contents: "read", actions: "read" });
  });

  it("runs on a daily schedule, and by hand (workflow_dispatch), which can ask for a build whatever changed", async () => {
    const { on } = await workflow();
    expect(on.schedule).toHaveLength(1);
    expect(on.schedule![0]!.cron).toMatch(/^\d{1,2} \d{1,2} \* \* \*$/);
    expect(on.workflow_dispatch?.inputs?.build).toMatchObject({ type: "boolean", default: false });
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
    const withHook = (await steps()).filter((step) => step.env?.BUILD_HOOK_URL !== undefined);
    expect(withHook.map((step) => step.id)).toEqual(["hook", "asked"]);
    for (const step of withHook) expect(step.env?.BUILD_HOOK_URL).toBe("${{ secrets.BUILD_HOOK_URL }}");
    const text = await readFile(path.join(ROOT, WORKFLOW), "utf8");
    expect(text).not.toMatch(/build_hooks\/|deploy_hooks\//);
  });

  it("does nothing, and says so, when the secret is not set", async () => {
    const { status, stdout, invocations, ran } = await runJob(
      { secrets: {} },
      { gh: GH_LAST_RUN, npx: { exits: [1] }, curl: { exits: [0] } },
    );
    expect(status).toBe(0);
    expect(ran).toEqual(["Is the host's build hook set?"]);
    expect(invocations).toEqual([]);
    expect(stdout).toMatch(/^::notice .*BUILD_HOOK_URL is not set/m);
  });

  it("asks whether the pages changed since the last successful run, named by GitHub's API", async () => {
    const { status, invocations, output } = await runScript(
      (await stepWithId("changed")).run!,
      { GITHUB_REPOSITORY: "owner/site" },
      { gh: GH_LAST_RUN, npx: { exits: [0] } },
    );
    expect(status).toBe(0);
    expect(invocations).toEqual([
      [
        "gh",
        "api",
        "repos/owner/site/actions/workflows/daily-rebuild.yml/runs?status=success&per_page=1",
        "--jq",
        '.workflow_runs[0].run_started_at // ""',
      ],
      ["npx", "sitegen", "changed-since", LAST_RUN],
    ]);
    expect(output).toBe("build=false\n");
    expect((await stepWithId("changed")).env).toEqual({
      GH_TOKEN: "${{ github.token }}",
      BUILD_ANYWAY: "${{ inputs.build }}",
    });
  });

  it("wants a build when changed-since says the pages changed, or when asked by hand", async () => {
    const script = (await stepWithId("changed")).run!;
    expect((await runScript(script, {}, { gh: GH_LAST_RUN, npx: { exits: [1] } })).output).toBe("build=true\n");
    const byHand = await runScript(script, { BUILD_ANYWAY: "true" }, { gh: GH_LAST_RUN, npx: { exits: [0] } });
    expect(byHand.output).toBe("build=true\n");
    expect(byHand.stdout).toContain("Asked by hand to build");
  });

  it("still asks, with only the last commit to go by, when GitHub's API does not answer", async () => {
    const { status, invocations, output } = await runScript(
      (await stepWithId("changed")).run!,
      {},
      { gh: { exits: [1] }, npx: { exits: [1] } },
    );
    expect(status).toBe(0);
    expect(invocations.at(-1)).toEqual(["npx", "sitegen", "changed-since", ""]);
    expect(output).toBe("build=true\n");
  });

  it("fails the run when changed-since cannot tell (the data's problems)", async () => {
    const { status, output } = await runScript(
      (await stepWithId("changed")).run!,
      {},
      { gh: GH_LAST_RUN, npx: { exits: [2] } },
    );
    expect(status).toBe(2);
    expect(output).toBe("");
  });

  it("on a day the pages did not change: no build asked, today's build made, the live site checked once", async () => {
    const { status, ran, invocations } = await runJob(
      { secrets: { BUILD_HOOK_URL: HOOK } },
      { gh: GH_LAST_RUN, npx: { exits: [0] }, curl: { exits: [0] } },
    );
    expect(status).toBe(0);
    expect(ran).not.toContain("Call the host's build hook");
    expect(ran).toContain("Build the site as the host does");
    expect(ids(invocations)).toEqual([
      "gh api repos/owner/site/actions/workflows/daily-rebuild.yml/runs?status=success&per_page=1",
      "npx sitegen changed-since",
      "npm run generate",
      "npx sitegen check-deploy",
    ]);
  });

  it("on a day the pages changed: posts to the hook once, then checks once a minute until the live site is the build", async () => {
    const { status, ran, invocations } = await runJob(
      { secrets: { BUILD_HOOK_URL: HOOK } },
      // changed-since says 1 (changed), then check-deploy says 1, 1 and 0.
      { gh: GH_LAST_RUN, npx: { exits: [1, 1, 1, 0] }, curl: { exits: [0] } },
    );
    expect(status).toBe(0);
    expect(ran).toContain("Call the host's build hook");
    const posts = invocations.filter((call) => call[0] === "curl");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.at(-1)).toBe(HOOK);
    expect(posts[0]![posts[0]!.indexOf("--request") + 1]).toBe("POST");
    expect(posts[0]).toContain("--fail");
    expect(invocations.filter((call) => call[2] === "check-deploy")).toHaveLength(3);
  });

  it("fails the run when the host refuses the hook, so that GitHub reports it", async () => {
    const { status, ran } = await runJob(
      { secrets: { BUILD_HOOK_URL: HOOK } },
      { gh: GH_LAST_RUN, npx: { exits: [1] }, curl: { exits: [22] } },
    );
    expect(status).not.toBe(0);
    expect(ran.at(-1)).toBe("Call the host's build hook");
  });

  it("on a day nothing was asked, fails at once when the live site is not the build", async () => {
    const { status, invocations } = await runScript((await checkStep()).run!, { ASKED: "" }, { npx: { exits: [1] } });
    expect(status).toBe(1);
    expect(invocations).toHaveLength(1);
  });

  it("checks the address of the repository variable SITE_URL, when it is set", async () => {
    const { invocations } = await runScript(
      (await checkStep()).run!,
      { SITE_URL: "https://www.example.com" },
      { npx: { exits: [0] } },
    );
    expect(invocations).toEqual([["npx", "sitegen", "check-deploy", "https://www.example.com"]]);
    expect((await checkStep()).env).toEqual({
      SITE_URL: "${{ vars.SITE_URL }}",
      ASKED: "${{ steps.asked.outputs.asked }}",
    });
  });

  it("after asking, fails the run when the live site still differs after the last check, or at once when the check cannot run or the host paused the site", async () => {
    const script = (await checkStep()).run!;
    const differs = await runScript(script, { ASKED: "true" }, { npx: { exits: [1] } });
    expect(differs.status).toBe(1);
    expect(differs.invocations).toHaveLength(15);
    const cannot = await runScript(script, { ASKED: "true" }, { npx: { exits: [2] } });
    expect(cannot.status).toBe(2);
    expect(cannot.invocations).toHaveLength(1);
    const paused = await runScript(
      script,
      { ASKED: "true" },
      { npx: { exits: [3], stdout: "The live site is not there" } },
    );
    expect(paused.status).toBe(3);
    expect(paused.invocations).toHaveLength(1);
    expect(paused.stdout).toContain("The live site is not there");
  });

  it("is what the deploying guide describes", async () => {
    const section = guideSection(await readGuide(DEPLOYING_GUIDE), "Scheduled rebuild");
    expect(section).toContain(WORKFLOW);
    expect(section).toContain("`BUILD_HOOK_URL`");
    expect(section).toContain("06:10 UTC");
    expect(section).toContain("`sitegen changed-since`");
    expect((await workflow()).on.schedule![0]!.cron).toBe("10 6 * * *");
  });
});
