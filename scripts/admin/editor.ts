// Runs in the owner's browser at /admin/, before the CMS starts. It teaches the CMS to read and
// write each data file in the repository's one form (lib/yaml-layout.ts, the form `sitegen fmt`
// keeps), so that a save changes only the lines the owner edited and keeps the schema link on
// the first line; a text the CMS only trimmed keeps the line break it ended with (admin/trimmed.ts). Bundled by esbuild with the yaml library; see admin/files.ts.
//
// It also holds the lists to their counts on save. The CMS checks the count of a list of plain
// values, but not of a list of groups of fields inside another list (a new town's questions): a
// town with two questions would be written. So before a file is written, every list is held to
// the schema's counts, and a save that breaks one is refused with a message naming the list.
// The towns file is also held to the build's rule against near-duplicate town pages (the same
// function, data/near-duplicates.ts): a town pasted from another with the name changed is
// refused here, with the words the build would use, not later by the host's build. A page in the
// build's warning band is saved; `npm run check` and the build show the warning. The estimate
// form's embed code is read as the build reads it (data/lead-form.ts), and a snippet the build
// would refuse is refused here, with the same words; so is an accent colour that button text
// cannot be read on (data/palette.ts), with the pair and the ratios. The nearest colour that
// passes is the build's to name (features/brand/data/accent.ts): the colour library it takes would put the
// editor's first load over its budget.
import { parse } from "yaml";
import { buttonTextProblem } from "../data/palette.ts";
import type { FragmentNode, FragmentParser } from "../data/html-fragment.ts";
import { readLeadFormEmbed } from "../data/lead-form.ts";
import { nearDuplicateTowns, nearDuplicateWording } from "../data/near-duplicates.ts";
import { layoutValue } from "../lib/yaml-layout.ts";
import { untrimmed } from "./trimmed.ts";

/** The part of the CMS's global API used here (https://sveltiacms.app/en/docs/api). */
interface CmsApi {
  registerCustomFormat(
    name: string,
    extension: string,
    methods: { fromFile: (text: string) => unknown; toFile: (value: unknown) => string },
  ): void;
  init(): void;
}

declare global {
  interface Window {
    CMS?: CmsApi;
    CMS_MANUAL_INIT?: boolean;
  }
}

/** A list's count, from the schema: where the list is ("*" for any item), its label, its bounds. */
export interface CountRule {
  path: string[];
  labels: string[];
  min?: number;
  max?: number;
}

/** What the build tells this script of each data file, by the format name config.yml gives it. */
export interface DataFileFormat {
  /** The comment on the file's first line: the link to its JSON Schema. */
  header: string;
  counts: CountRule[];
  /** Where the file names a picture (as CountRule paths), by the folder of data/ it is in: photos/, brand/. */
  pictures: { paths: string[][]; folder: string }[];
  /** The towns file only: its lists of town pages, by their labels, for the near-duplicate rule. */
  townPages?: Record<string, string>;
  /** The site file only: where the estimate form's embed code is, and its labels. */
  leadForm?: { path: string[]; labels: string[] };
  /** The site file only: where the accent colour is, and its labels. */
  accent?: { path: string[]; labels: string[] };
}

declare const DATA_FILE_FORMATS: Record<string, DataFileFormat>;

/** What a list item is called in a message: its name, question or text, else its number. */
function itemName(item: unknown, index: number): string {
  const record = (item ?? {}) as Record<string, unknown>;
  const name = [record.name, record.question, record.text].find((value) => typeof value === "string" && value !== "");
  return typeof name === "string" ? name : `item ${index + 1}`;
}

/** The lists in `value` whose count breaks a rule, as messages. */
function countProblems(value: unknown, rules: readonly CountRule[]): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, rule: CountRule, depth: number, where: string[]) => {
    if (depth === rule.path.length) {
      const count = Array.isArray(node) ? node.length : 0;
      const { min = 0, max = Infinity } = rule;
      if (count >= min && count <= max) return;
      const wanted = min === max ? `exactly ${min}` : count < min ? `at least ${min}` : `at most ${max}`;
      problems.push(`${[...where, rule.labels.at(-1)].join(" › ")}: ${wanted}, not ${count}`);
      return;
    }
    const key = rule.path[depth]!;
    if (key === "*") {
      if (!Array.isArray(node)) return;
      node.forEach((item, index) => visit(item, rule, depth + 1, [...where, itemName(item, index)]));
    } else if (node && typeof node === "object" && key in node) {
      const label = rule.labels[rule.path.slice(0, depth + 1).filter((part) => part !== "*").length - 1];
      const next = depth + 1 < rule.path.length && label ? [...where, label] : where;
      visit((node as Record<string, unknown>)[key], rule, depth + 1, next);
    }
  };
  for (const rule of rules) visit(value, rule, 0, []);
  return problems;
}

/** The town pages the build would refuse as near-duplicates of another, as messages. */
function nearDuplicateProblems(value: unknown, labels: Record<string, string>): string[] {
  return nearDuplicateTowns(value)
    .filter((duplicate) => duplicate.refused)
    .map((duplicate) => {
      const { found, expected } = nearDuplicateWording(duplicate);
      return `${labels[duplicate.page.list]} › ${duplicate.page.name}: ${found}, expected ${expected}`;
    });
}

/**
 * The browser's own HTML parser, for the embed-code rule: a <template>'s content is inert, so
 * nothing in the pasted code loads or runs. Places are not needed here: the message names the field.
 */
const parseInBrowser: FragmentParser = (html) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  const toNode = (node: Node): FragmentNode => {
    if (node instanceof Element) {
      const attributes = [...node.attributes].map(({ name, value }) => ({ name, value, offset: 0 }));
      // A frame's or script's text is a text node here too, as in parse5's tree.
      return {
        kind: "element",
        name: node.localName,
        attributes,
        children: [...node.childNodes].map(toNode),
        offset: 0,
      };
    }
    return node.nodeType === Node.TEXT_NODE
      ? { kind: "text", text: node.textContent ?? "", offset: 0 }
      : { kind: "comment", offset: 0 };
  };
  return [...template.content.childNodes].map(toNode);
};

/** The value at `path` in a file's data. */
const valueAt = (value: unknown, path: readonly string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);

/** The accent colour at `path`, if the build would refuse it for its contrast, as a message. */
function accentProblems(value: unknown, { path, labels }: NonNullable<DataFileFormat["accent"]>): string[] {
  const colour = valueAt(value, path);
  if (typeof colour !== "string" || !/^#[0-9a-f]{6}$/i.test(colour)) return [];
  const problem = buttonTextProblem(colour);
  return problem
    ? [
        `${labels.join(" › ")}: found "${colour}", expected ${problem}; npm run check names the nearest colour of the same hue that passes`,
      ]
    : [];
}

/** The embed code at `path`, if the build would refuse it, as a message. */
function leadFormProblems(value: unknown, { path, labels }: NonNullable<DataFileFormat["leadForm"]>): string[] {
  const embed = valueAt(value, path);
  if (typeof embed !== "string") return [];
  const read = readLeadFormEmbed(embed, parseInBrowser);
  return "offset" in read ? [`${labels.join(" › ")}: found ${read.found}, expected ${read.expected}`] : [];
}

/** `value` with `change` applied to every string found at one of `paths` ("*": any list item). */
function mapStrings(value: unknown, paths: readonly string[][], change: (text: string) => string): unknown {
  const at = (node: unknown, path: readonly string[]): unknown => {
    if (path.length === 0) return typeof node === "string" ? change(node) : node;
    const [key, ...rest] = path as [string, ...string[]];
    if (key === "*") return Array.isArray(node) ? node.map((item) => at(item, rest)) : node;
    if (!node || typeof node !== "object" || Array.isArray(node) || !(key in node)) return node;
    return { ...(node as Record<string, unknown>), [key]: at((node as Record<string, unknown>)[key], rest) };
  };
  return paths.reduce((result, path) => at(result, path), value);
}

/**
 * The CMS names a picture by its public path, "/photos/x.jpg"; the data, by its path from data/,
 * "photos/x.jpg". Read: add the slash, so the CMS finds and shows the picture. Write: take it off.
 */
function picturesForCms(value: unknown, pictures: DataFileFormat["pictures"]): unknown {
  return pictures.reduce(
    (result, { paths, folder }) =>
      mapStrings(result, paths, (file) => (file.startsWith(`${folder}/`) ? `/${file}` : file)),
    value,
  );
}

function picturesForData(value: unknown, pictures: DataFileFormat["pictures"]): unknown {
  return pictures.reduce(
    (result, { paths, folder }) =>
      mapStrings(result, paths, (file) => (file.startsWith(`/${folder}/`) ? file.slice(1) : file)),
    value,
  );
}

const NOTICE_ID = "save-refused";

/** Shows, over the editor, why a save was refused; the next save that passes takes it away. */
function showRefusal(problems: readonly string[]): void {
  showNotice(`Not saved. ${problems.join(". ")}. (Click to close.)`);
}

/**
 * A draft's Publish is a merge (PUT …/pulls/<n>/merge), which the repository refuses (405 or 409)
 * while the site's check fails on the draft (docs/deploying.md, "Drafts, previews and Publish").
 * The CMS then says only "Couldn't publish the entry. Please try again."; this says why, and what to do.
 */
const MERGE = /\/pulls\/\d+\/merge$/;

function explainRefusedPublish(): void {
  if (typeof window.fetch !== "function") return;
  const fetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetch(input, init);
    const address = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (
      method === "PUT" &&
      MERGE.test(new URL(address, location.href).pathname) &&
      (response.status === 405 || response.status === 409)
    ) {
      const { message = "" } = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { message?: string };
      showNotice(
        "Not published: the site's check found a problem in this draft, so it cannot go live yet. " +
          "Open View Preview (in the ⋮ menu) to see what to fix, change it and Save, then Publish again." +
          (message ? ` (GitHub: ${message})` : "") +
          " (Click to close.)",
      );
    }
    return response;
  };
}

function showNotice(text: string): void {
  let notice = document.getElementById(NOTICE_ID);
  if (!notice) {
    notice = document.createElement("div");
    notice.id = NOTICE_ID;
    notice.setAttribute("role", "alert");
    Object.assign(notice.style, {
      position: "fixed",
      insetInline: "1rem",
      top: "4rem",
      zIndex: "10000",
      padding: "0.75rem 1rem",
      borderRadius: "0.5rem",
      background: "#8a1c1c",
      color: "#fff",
      font: "15px/1.4 system-ui, sans-serif",
    });
    notice.addEventListener("click", () => notice?.remove());
    document.body.append(notice);
  }
  notice.textContent = text;
}

/**
 * With the site's sign-in service (site.yaml's editor.signInUrl, which the configuration names as
 * the backend's api_root), the CMS's "Sign In with GitHub" signs the owner in with his e-mail
 * address: the button says so, so that he never looks for a GitHub account.
 */
const SIGN_IN_LABEL = "Sign in with your e-mail address";

async function labelEmailSignIn(): Promise<void> {
  const address = document.querySelector('link[rel="cms-config-url"]')?.getAttribute("href");
  if (!address) return;
  const config = parse(await (await fetch(address)).text()) as { backend?: { api_root?: string } };
  if (!config.backend?.api_root) return;
  const relabel = () => {
    for (const button of document.querySelectorAll("button")) {
      if (/^Sign In with \u2068?GitHub\u2069?$/.test(button.textContent?.trim() ?? "")) {
        const label =
          [...button.querySelectorAll("*")].reverse().find((element) => element.children.length === 0) ?? button;
        label.textContent = SIGN_IN_LABEL;
      }
    }
  };
  new MutationObserver(relabel).observe(document.body, { childList: true, subtree: true });
  relabel();
}

// The CMS starts by itself when its script has run, unless told to wait for init().
window.CMS_MANUAL_INIT = true;
explainRefusedPublish();

document.addEventListener("DOMContentLoaded", () => {
  const cms = window.CMS;
  if (!cms) return;
  for (const [format, { header, counts, pictures, townPages, leadForm, accent }] of Object.entries(DATA_FILE_FORMATS)) {
    // The file as last read (each format is one data file): what a save compares the texts with.
    let read: unknown;
    cms.registerCustomFormat(format, "yaml", {
      fromFile: (text) => {
        read = parse(text);
        return picturesForCms(read, pictures);
      },
      toFile: (edited) => {
        const value = untrimmed(picturesForData(edited, pictures), read);
        const problems = [
          ...countProblems(value, counts),
          ...(townPages ? nearDuplicateProblems(value, townPages) : []),
          ...(leadForm ? leadFormProblems(value, leadForm) : []),
          ...(accent ? accentProblems(value, accent) : []),
        ];
        if (problems.length > 0) {
          showRefusal(problems);
          throw new Error(`Not saved: ${problems.join("; ")}`);
        }
        document.getElementById(NOTICE_ID)?.remove();
        read = value;
        return layoutValue(value, header);
      },
    });
  }
  cms.init();
  labelEmailSignIn().catch(() => {});
});
