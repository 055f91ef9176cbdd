// How generating grows with the data: synthetic copies of the town rows in a temporary data folder,
// and a generate run in a child process whose time and peak memory are read back.
import { spawn } from "node:child_process";
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse, stringify } from "yaml";
import { isInIllinois } from "../geo/atlas.ts";
import type { Town } from "../data/schema.ts";

interface TownsFile {
  towns: Town[];
  alsoServing: Town[];
}

/** A deterministic number from 0 up to 1 for each seed. */
function unitRandom(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** A small deterministic offset in degrees (about ±8 miles), so that copies are distinct points on the map. */
function offset(seed: number): number {
  return Math.round((unitRandom(seed) - 0.5) * 0.24 * 1000) / 1000;
}

/**
 * A map point near `town`, about ±8 miles away, that the generator accepts: inside Illinois. Near
 * the state line the offset is mirrored, then halved, until the point is back inside.
 */
function nearbyPoint(town: Town, seed: number): Town["coordinates"] {
  const round = (degrees: number) => Math.round(degrees * 1000) / 1000;
  const [dLat, dLon] = [offset(seed), offset(seed + 0.5)];
  for (const scale of [1, -1, 0.5, -0.5, 0.25, -0.25]) {
    const point = { lat: round(town.coordinates.lat + dLat * scale), lon: round(town.coordinates.lon + dLon * scale) };
    if (isInIllinois(point)) return point;
  }
  return { lat: round(town.coordinates.lat + 0.001), lon: town.coordinates.lon };
}

/**
 * A substitution of letters for one round of copies, the same for every text of the round: a text
 * keeps its length, its words' lengths, capitals, digits and punctuation, so that pages and
 * preview images take as long to make as the originals, but no copy shares its wording with
 * another page. The build refuses town pages that share it (data/near-duplicates.ts), so copies
 * that only changed the name would not be a site the generator accepts; these are, and the rule
 * itself is timed on thousands of pages as it would run on a real site of that size.
 */
function lettersFor(round: number): (text: string) => string {
  const letters = [..."abcdefghijklmnopqrstuvwxyz"];
  const shuffled = [...letters];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(unitRandom(round + i / 32) * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const to = new Map(
    letters.flatMap((letter, i) => [
      [letter, shuffled[i]!],
      [letter.toUpperCase(), shuffled[i]!.toUpperCase()],
    ]),
  );
  return (text) => text.replace(/[a-z]/gi, (letter) => to.get(letter) ?? letter);
}

/** A town row with its prose (description, body, highlights, questions, facts) in `letters`. */
function rewordedTown(town: Town, letters: (text: string) => string): Town {
  return {
    ...town,
    description: letters(town.description),
    body: town.body.map(letters),
    highlights: town.highlights.map((highlight) => ({ ...highlight, text: letters(highlight.text) })),
    faqs: town.faqs.map((faq) => ({ question: letters(faq.question), answer: letters(faq.answer) })),
    ...(town.facts ? { facts: { ...town.facts, unique: letters(town.facts.unique) } } : {}),
  };
}

/**
 * towns.yaml with `factor` times as many town pages: the real rows, then copies of them appended
 * to alsoServing, each with its own name, slug and map point, and its prose in another round's
 * letters (lettersFor): pages as long as the originals, none a near-duplicate of another.
 */
function multiplyTowns(townsYaml: string, factor: number): string {
  const data = parse(townsYaml) as TownsFile;
  const originals = [...data.towns, ...data.alsoServing];
  const copies: Town[] = [];
  for (let round = 1; round < factor; round += 1) {
    const letters = lettersFor(round);
    originals.forEach((town, i) => {
      const seed = round * originals.length + i;
      copies.push({
        ...rewordedTown(town, letters),
        name: `${town.name} ${round}`,
        slug: `${town.slug}-copy-${round}`,
        coordinates: nearbyPoint(town, seed),
      });
    });
  }
  // Copies may share their photo lists with the originals; written out in full, as an owner
  // would, not as YAML anchors and aliases (which the parser resolves far more slowly).
  return stringify(
    { towns: data.towns, alsoServing: [...data.alsoServing, ...copies] },
    { lineWidth: 0, aliasDuplicateObjects: false },
  );
}

/** A copy of data/ with `factor` times the towns, in `dir`. Returns the number of town pages. */
export async function writeScaledData(sourceDir: string, dir: string, factor: number): Promise<number> {
  await cp(sourceDir, dir, { recursive: true });
  const scaled = multiplyTowns(await readFile(path.join(sourceDir, "towns.yaml"), "utf8"), factor);
  await writeFile(path.join(dir, "towns.yaml"), scaled);
  const data = parse(scaled) as TownsFile;
  return data.towns.length + data.alsoServing.length;
}

/**
 * A copy of the generator (bin, scripts, templates) that shares node_modules but has caches of its
 * own (.cache/ beside it), so that a cold build really starts cold and synthetic pages never land
 * in the project's caches.
 */
export async function isolatedGenerator(projectRoot: string, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const entry of ["bin", "scripts", "templates", "package.json", "tsconfig.json"]) {
    await cp(path.join(projectRoot, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  return path.join(dir, "bin", "sitegen.js");
}

export interface GenerateRun {
  /** Wall time of the child process, start-up included. */
  wallMs: number;
  /** Time the generator reports for itself (load, validate, render, compress, write). */
  generateMs: number | undefined;
  /** Peak resident memory of the child, in bytes (at least the cap when it was stopped for it). */
  maxRssBytes: number;
  ok: boolean;
  error?: string;
  /** Everything the child wrote to stderr. */
  stderr: string;
}

export interface RunLimits {
  timeoutMs: number;
  /** The child is stopped when its resident memory passes this: the machine is shared. */
  maxRssBytes: number;
}

/** Preloaded into the child: prints its peak resident memory (kilobytes) as it exits normally. */
const REPORT_PEAK_MEMORY =
  'data:text/javascript,process.on("exit",()=>process.stderr.write(`\\npeak-rss-kb ${process.resourceUsage().maxRSS}\\n`))';

/** The resident memory of a running process, from /proc (Linux); undefined elsewhere or once it is gone. */
async function residentBytes(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => undefined);
  const kb = status && /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : undefined;
}

/**
 * Runs `sitegen generate` in a child process and reads back its time and peak memory. The child
 * is watched twice a second and stopped when it passes the memory cap or the time limit.
 */
export async function timedGenerate(
  cli: string,
  dataDir: string,
  outDir: string,
  limits: RunLimits,
): Promise<GenerateRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", REPORT_PEAK_MEMORY, cli, "generate", "--data", dataDir, "--out", outDir],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let stoppedFor: string | undefined;
  let watchedPeak = 0;
  const watch = setInterval(async () => {
    const rss = child.pid ? await residentBytes(child.pid) : undefined;
    if (rss !== undefined) watchedPeak = Math.max(watchedPeak, rss);
    const overTime = performance.now() - started > limits.timeoutMs;
    if (!stoppedFor && (overTime || watchedPeak > limits.maxRssBytes)) {
      stoppedFor = overTime
        ? `stopped after ${Math.round(limits.timeoutMs / 1000)} s`
        : `stopped at ${Math.round(watchedPeak / 1024 ** 2)} MiB resident, over the ${Math.round(limits.maxRssBytes / 1024 ** 2)} MiB cap`;
      child.kill("SIGKILL");
    }
  }, 500);
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  clearInterval(watch);
  const wallMs = Math.round(performance.now() - started);
  const rssKb = /peak-rss-kb (\d+)/.exec(stderr)?.[1];
  const reported = /in (\d+) ms/.exec(stdout)?.[1];
  const ok = code === 0 && !stoppedFor;
  const firstErrorLine = stderr.split("\n").find((line) => line.trim() && !line.startsWith("peak-rss-kb"));
  return {
    wallMs,
    generateMs: reported ? Number(reported) : undefined,
    maxRssBytes: Math.max(rssKb ? Number(rssKb) * 1024 : 0, watchedPeak),
    ok,
    error: ok ? undefined : (stoppedFor ?? firstErrorLine ?? `exit code ${code}`),
    stderr,
  };
}
