// What the privacy page says of the data, and the day that changed last. The page shows the
// business's name, address and numbers and the estimate form's hosts, and nothing else of data/,
// so its "last updated" date is the later of: the last commit that changed its template, and the
// commit from which site.yaml has given these facts as they are now (site.yaml changes often, for
// hours and reviews, without changing the page). Read from git history; outside a git checkout,
// from the files' times.
import { execFile } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
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

async function git(cwd: string, args: string[], input?: string): Promise<string> {
  const child = run("git", args, { cwd, maxBuffer: 256 * 1024 * 1024 });
  if (input !== undefined) child.child.stdin?.end(input);
  return (await child).stdout;
}

/**
 * The committed versions of each file (paths from the repository's root), newest first, with their
 * commit's day: one `git log` for all of them, and one `git cat-file --batch`, which answers
 * "<sha> blob <size>\n<bytes>\n" for each "<sha>:<path>" asked. A commit that deleted a file ends
 * its history there.
 */
async function versionsOf(root: string, files: readonly string[]): Promise<Map<string, { day: string; text: string }[]>> {
  const log = await git(root, ["log", "--format=%x00%H %cs", "--name-only", "--", ...files]);
  const asked: { file: string; day: string; object: string }[] = [];
  for (const entry of log.split("\0").slice(1)) {
    const [head = "", ...changed] = entry.trim().split("\n");
    const [sha, day = ""] = head.split(" ");
    for (const file of files) if (changed.includes(file)) asked.push({ file, day, object: `${sha}:${file}` });
  }
  const batch = Buffer.from(await git(root, ["cat-file", "--batch"], asked.map(({ object }) => `${object}\n`).join("")));
  const versions = new Map<string, { day: string; text: string }[]>(files.map((file) => [file, []]));
  const ended = new Set<string>();
  let at = 0;
  for (const { file, day } of asked) {
    const header = batch.subarray(at, batch.indexOf(10, at)).toString();
    at += header.length + 1;
    const size = Number(header.split(" ")[2]);
    if (!Number.isFinite(size)) {
      ended.add(file); // "missing": the file was deleted in that commit.
      continue;
    }
    if (!ended.has(file)) versions.get(file)!.push({ day, text: batch.subarray(at, at + size).toString("utf8") });
    at += size + 1;
  }
  return versions;
}

/**
 * The day a file came to say what it says now (`now`, read the same way by `said`): the oldest
 * commit of the newest run of its versions that say it; `today` when only the working copy does.
 */
function saidSince<T>(versions: { day: string; text: string }[], now: T, said: (text: string) => T, today: string): string {
  const same = (text: string) => JSON.stringify(said(text)) === JSON.stringify(now);
  let since: string | undefined;
  for (const version of versions) {
    if (!same(version.text)) break;
    since = version.day;
  }
  return since ?? today;
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
 * The template's words, as far as a file's text tells them: without its comments and its layout,
 * so that a comment or a reformatting does not change the page's date.
 */
function templateWords(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1")
    .replace(/\s+/g, " ")
    .trim();
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
    const [site, template] = [siteFile, templateFile].map((file) => path.relative(root, file).split(path.sep).join("/"));
    const versions = await versionsOf(root, [site!, template!]);
    const templateNow = templateWords(await readFile(templateFile, "utf8"));
    return [
      saidSince(versions.get(site!)!, facts, factsOf, today),
      saidSince(versions.get(template!)!, templateNow, templateWords, today),
    ]
      .sort()
      .at(-1)!;
  } catch {
    // Not a git checkout (a copy of the files): the files' own times.
    return [await dayOf(templateFile), await dayOf(siteFile)].sort().at(-1)!;
  }
}
