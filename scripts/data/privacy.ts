// What the privacy page says of the data, and the day that changed last. The page shows the
// business's name, address and numbers and the estimate form's hosts, and nothing else of data/,
// so its "last updated" date is the later of: the last commit that changed its template, and the
// commit from which site.yaml has given these facts as they are now (site.yaml changes often, for
// hours and reviews, without changing the page). Read from git history; outside a git checkout,
// from the files' times.
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { parseHtmlFragment } from "./html-fragment.ts";
import { readLeadFormEmbed } from "./lead-form.ts";
import { TEMPLATES_DIR } from "../lib/paths.ts";
import { DATA_FILES } from "./schema.ts";

/** The privacy page's template: its words are part of what the date follows. */
const PRIVACY_TEMPLATE = path.join(TEMPLATES_DIR, "pages", "PrivacyPage.tsx");

const run = promisify(execFile);

/** Everything of data/ the privacy page shows. */
export interface PrivacyFacts {
  business: string;
  address: string;
  phone: string;
  /** The number for texts, when there is one. */
  text?: string;
  /** The hosts the estimate form's frame and helper come from, in that order, each once. */
  formHosts: string[];
  /** What the provider's helper keeps in the browser's local storage on the site's origin. */
  formStorage: { key: string; holds: string }[];
}

/**
 * What the form provider's helper script (form_embed.js) keeps in the site's local storage, as
 * dated copies of it show (2023 to 2025): a record per form frame, by the frame's id, of how often
 * the browser has opened the form and whether it was sent, written on every visit; and, once the
 * form is sent, what the visitor typed, with no expiry.
 */
function providerStorage(frameId: string): PrivacyFacts["formStorage"] {
  return [
    { key: `embedded_iframe_${frameId}`, holds: "how many times this browser has opened the form, and whether it has sent it" },
    { key: "_ud", holds: "the name, e-mail address and phone number you sent" },
  ];
}

/**
 * The facts from site.yaml's contents, or undefined when they cannot be read: the current, checked
 * file, or one from history, which may be in an earlier form (the form's two addresses before the
 * embed code).
 */
export function privacyFacts(site: unknown): PrivacyFacts | undefined {
  try {
    const { name, address, phones, leadForm } = site as Record<string, Record<string, string>>;
    const { street, city, region, postalCode } = address!;
    // An earlier site.yaml gave the form's two addresses, and no frame id: the id the provider's
    // dashboard writes for the same form.
    let addresses = [leadForm?.frameUrl, leadForm?.scriptUrl];
    let frameId = `inline-${String(leadForm?.frameUrl).split("/").pop()}`;
    if (typeof leadForm?.embed === "string") {
      const read = readLeadFormEmbed(leadForm.embed, parseHtmlFragment);
      if ("offset" in read) return undefined;
      addresses = [read.frameUrl, read.scriptUrl];
      frameId = Object.fromEntries(read.frameAttributes).id!;
    }
    const formHosts = [...new Set(addresses.map((address) => new URL(address!).host))];
    const words = (value: unknown) => String(value).trim();
    const facts = {
      business: words(name),
      address: [street, city, `${words(region)} ${words(postalCode)}`].map(words).join(", "),
      phone: words(phones!.primary),
    };
    const form = { formHosts, formStorage: providerStorage(frameId) };
    return phones!.text === undefined ? { ...facts, ...form } : { ...facts, text: words(phones!.text), ...form };
  } catch {
    return undefined;
  }
}

const sameFacts = (a: PrivacyFacts | undefined, b: PrivacyFacts) => JSON.stringify(a) === JSON.stringify(b);

async function git(cwd: string, args: string[], input?: string): Promise<string> {
  const child = run("git", args, { cwd, maxBuffer: 256 * 1024 * 1024 });
  if (input !== undefined) child.child.stdin?.end(input);
  return (await child).stdout;
}

/** Each committed version of a file, newest first: the commit's date and the file's text. */
async function versionsOf(root: string, file: string): Promise<{ date: string; text: string }[]> {
  const log = (await git(root, ["log", "--format=%H %cs", "--", file])).trim();
  if (log === "") return [];
  const commits = log.split("\n").map((line) => line.split(" ") as [string, string]);
  // One process for every version: `git cat-file --batch` answers "<sha> blob <size>\n<bytes>\n" per line asked.
  const batch = Buffer.from(await git(root, ["cat-file", "--batch"], commits.map(([sha]) => `${sha}:${file}\n`).join("")));
  const versions: { date: string; text: string }[] = [];
  let at = 0;
  for (const [, date] of commits) {
    const header = batch.subarray(at, batch.indexOf(10, at)).toString();
    at += header.length + 1;
    const size = Number(header.split(" ")[2]);
    if (!Number.isFinite(size)) break; // "missing": the file was deleted in that commit.
    versions.push({ date, text: batch.subarray(at, at + size).toString("utf8") });
    at += size + 1;
  }
  return versions;
}

/** The day a file last changed in git, or `today` when it has changes not yet committed. */
async function lastCommitDay(root: string, file: string, today: string): Promise<string | undefined> {
  if ((await git(root, ["status", "--porcelain", "--", file])).trim() !== "") return today;
  return (await git(root, ["log", "-1", "--format=%cs", "--", file])).trim() || undefined;
}

/** site.yaml's facts in one version of its text; undefined for a version that does not parse. */
function factsOf(text: string): PrivacyFacts | undefined {
  try {
    return privacyFacts(parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The day the facts became what they are: the oldest commit of the newest run of site.yaml's
 * versions that give them; today when only the working copy gives them.
 */
async function factsSince(root: string, siteFile: string, facts: PrivacyFacts, today: string): Promise<string> {
  let since = (await git(root, ["status", "--porcelain", "--", siteFile])).trim() === "" ? undefined : today;
  for (const version of await versionsOf(root, siteFile)) {
    if (!sameFacts(factsOf(version.text), facts)) break;
    since = version.date;
  }
  return since ?? today;
}

const dayOf = async (file: string) => (await stat(file)).mtime.toISOString().slice(0, 10);

/**
 * The privacy page's "last updated" day, as YYYY-MM-DD: the later of the template's last change and
 * the day site.yaml came to give `facts`. `today` is the build's day, for changes not yet committed.
 */
export async function privacyLastUpdated(
  dataDir: string,
  facts: PrivacyFacts,
  today: string,
  templateFile = PRIVACY_TEMPLATE,
): Promise<string> {
  const siteFile = path.join(dataDir, DATA_FILES.site.file);
  try {
    const root = (await git(dataDir, ["rev-parse", "--show-toplevel"])).trim();
    const [template, data] = await Promise.all([
      lastCommitDay(root, path.relative(root, templateFile), today),
      factsSince(root, path.relative(root, siteFile), facts, today),
    ]);
    return [template ?? today, data].sort().at(-1)!;
  } catch {
    // Not a git checkout (a copy of the files): the files' own times.
    return [await dayOf(templateFile), await dayOf(siteFile)].sort().at(-1)!;
  }
}
