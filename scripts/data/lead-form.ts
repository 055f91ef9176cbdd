// The estimate form as the owner gets it from the provider's dashboard: the embed snippet (a frame
// and the provider's helper script), pasted whole, or the form's address alone. Read with parse5,
// the HTML parser the header policy reads pages with, so that what is kept is what a browser would
// build from the snippet. What is kept: the frame's address, its id and every data-* attribute
// (the helper adopts the frame by them and passes the page's address and campaign into the form
// only for a frame that has data-layout), the height the dashboard gives (data-height), and the
// helper's address. The frame's style attribute is left out: the pages' policy refuses inline
// styles. Anything else (another element, an event handler, text) is refused at its place. Pure:
// the HTML parser is handed in (html-fragment.ts, parse5 with the place of everything, for the
// build; the browser's own in the site editor, which runs the same rules on save).
import type { FragmentNode, FragmentParser } from "./html-fragment.ts";
import { httpsAddressProblem } from "./web-address.ts";
import { excerpt } from "../lib/printable.ts";

type Element = Extract<FragmentNode, { kind: "element" }>;

/**
 * Whose forms these are: a frame at /widget/form/<id> with the helper /js/form_embed.js is the
 * embed of LeadConnector, HighLevel's form service, on its own hosts (api.leadconnectorhq.com,
 * link.msgsndr.com) or an agency's white-label name for them. /privacy names it and links the
 * privacy policy that covers what it does with a visitor's details (HighLevel's).
 */
export const FORM_PROVIDER = {
  name: "LeadConnector",
  company: "HighLevel",
  privacyPolicy: "https://www.gohighlevel.com/privacy-policy",
} as const;

/** The frame's height when the snippet gives none: the 916 px of the client's description. */
export const DEFAULT_FORM_HEIGHT = 916;
/** The helper's address when the owner gives the form's address alone: the provider's own. */
export const DEFAULT_HELPER_URL = "https://link.msgsndr.com/js/form_embed.js";

const FORM_PATH = /^\/widget\/form\/([A-Za-z0-9_-]{1,64})$/;
const HELPER_PATH = "/js/form_embed.js";
const FRAME_ID = /^[A-Za-z0-9_-]{1,100}$/;
const DATA_ATTRIBUTE = /^data-[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_DATA_VALUE = 300;
const HEIGHT = { min: 200, max: 4000 };

/** The form, as the contact page embeds it. */
export interface LeadFormEmbed {
  /** The frame's address. */
  frameUrl: string;
  /** The provider's helper script. */
  scriptUrl: string;
  /** The frame's height in pixels: data-height, or DEFAULT_FORM_HEIGHT. */
  height: number;
  /** The frame's id and data-* attributes, in the snippet's order. */
  frameAttributes: readonly (readonly [string, string])[];
}

/** What is wrong with a snippet, and where: an offset into the text. */
export interface EmbedProblem {
  offset: number;
  found: string;
  expected: string;
}

const EXPECTED_EMBED =
  "the form's embed code from the provider's dashboard (an <iframe> of the form and its <script>), or the form's address such as https://api.leadconnectorhq.com/widget/form/your-form-id";


/** What a message shows of a value, in quotes: anything outside printable ASCII as \u{…}, at most 60 characters. */
const shown = (text: string) => JSON.stringify(excerpt(text, { ascii: true }));

/** The form's id, or a problem, for the frame's address. */
function formAddressProblem(address: string, offset: number): EmbedProblem | undefined {
  const rule = httpsAddressProblem(address);
  if (rule) return { offset, found: shown(address), expected: rule };
  const { pathname, search, hash } = new URL(address);
  if (!FORM_PATH.test(pathname) || search || hash)
    return {
      offset,
      found: shown(address),
      expected: "a form's address, ending in /widget/form/ and the form's id, such as https://api.leadconnectorhq.com/widget/form/your-form-id",
    };
  return undefined;
}

/** The attributes the provider's dashboard writes for an inline form, from the form's address alone. */
function inlineFormAttributes(address: string): [string, string][] {
  const formId = FORM_PATH.exec(new URL(address).pathname)![1]!;
  const frameId = `inline-${formId}`;
  return [
    ["id", frameId],
    ["data-layout", "{'id':'INLINE'}"],
    ["data-trigger-type", "alwaysShow"],
    ["data-trigger-value", ""],
    ["data-activation-type", "alwaysActivated"],
    ["data-activation-value", ""],
    ["data-deactivation-type", "neverDeactivate"],
    ["data-deactivation-value", ""],
    ["data-layout-iframe-id", frameId],
    ["data-form-id", formId],
  ];
}

function attributeOffset(element: Element, name: string): number {
  return element.attributes.find((attribute) => attribute.name === name)?.offset ?? element.offset;
}

/** The frame: its address, id, data-* attributes and height; or the first problem in it. */
function readFrame(frame: Element): EmbedProblem | Omit<LeadFormEmbed, "scriptUrl"> {
  const at = (name: string) => attributeOffset(frame, name);
  const attributes: [string, string][] = [];
  let frameUrl: string | undefined;
  let height = DEFAULT_FORM_HEIGHT;
  for (const { name, value } of frame.attributes) {
    if (name === "style" || name === "title") continue; // The policy refuses inline styles; the page names the frame itself.
    if (name === "src") {
      const problem = formAddressProblem(value, at(name));
      if (problem) return problem;
      frameUrl = value;
    } else if (name === "id") {
      if (!FRAME_ID.test(value))
        return { offset: at(name), found: `the id ${shown(value)}`, expected: "an id of letters, digits, _ and -, as the dashboard writes it" };
      attributes.push([name, value]);
    } else if (DATA_ATTRIBUTE.test(name)) {
      if (value.length > MAX_DATA_VALUE || /[^\x20-\x7E]/.test(value))
        return { offset: at(name), found: `${name}=${shown(value)}`, expected: `a value of at most ${MAX_DATA_VALUE} printable characters` };
      if (name === "data-height") {
        const pixels = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
        if (!(pixels >= HEIGHT.min && pixels <= HEIGHT.max))
          return { offset: at(name), found: `data-height=${shown(value)}`, expected: `a height in pixels from ${HEIGHT.min} to ${HEIGHT.max}` };
        height = pixels;
      }
      attributes.push([name, value]);
    } else {
      const what = name.startsWith("on") ? `the event handler ${name}` : `the attribute ${name}`;
      return { offset: at(name), found: what, expected: "only src, id, title, style and data-* attributes on the form's frame" };
    }
  }
  if (frameUrl === undefined) return { offset: frame.offset, found: "a frame without src", expected: "the form's address in src" };
  if (!attributes.some(([name]) => name === "id"))
    return { offset: frame.offset, found: "a frame without id", expected: 'the id the dashboard writes, such as id="inline-your-form-id"' };
  const inside = frame.children.find((node) => node.kind !== "text" || node.text.trim() !== "");
  if (inside) return { offset: inside.offset, found: "text inside the frame", expected: "an empty <iframe></iframe>" };
  return { frameUrl, height, frameAttributes: attributes };
}

/** The helper's address, or the first problem in its tag. */
function readHelper(script: Element): EmbedProblem | string {
  let src: string | undefined;
  for (const { name, value } of script.attributes) {
    if (name === "src") src = value;
    else if (!(name === "type" && /^(?:text|application)\/javascript$/i.test(value)) && name !== "defer" && name !== "async")
      return { offset: attributeOffset(script, name), found: `the attribute ${name}`, expected: "only src (and type, async or defer) on the form's script" };
  }
  const start = script.offset;
  if (script.children.length > 0)
    return { offset: start, found: "code inside the <script>", expected: "the provider's <script src=\"...\"></script>, empty" };
  if (src === undefined) return { offset: start, found: "a <script> without src", expected: "the provider's script address in src" };
  const rule = httpsAddressProblem(src);
  if (rule) return { offset: attributeOffset(script, "src"), found: shown(src), expected: rule };
  const { pathname, search, hash } = new URL(src);
  if (pathname !== HELPER_PATH || search || hash)
    return { offset: attributeOffset(script, "src"), found: shown(src), expected: `the provider's form script, ending in ${HELPER_PATH}` };
  return src;
}

/** Reads the form from what the owner pasted: the embed snippet, or the form's address alone. */
export function readLeadFormEmbed(text: string, parseHtml: FragmentParser): LeadFormEmbed | EmbedProblem {
  const start = text.length - text.trimStart().length;
  const trimmed = text.trim();
  if (!trimmed.startsWith("<")) {
    if (!/^https?:\/\//i.test(trimmed)) return { offset: start, found: shown(trimmed), expected: EXPECTED_EMBED };
    const problem = formAddressProblem(trimmed, start);
    if (problem) return problem;
    return { frameUrl: trimmed, scriptUrl: DEFAULT_HELPER_URL, height: DEFAULT_FORM_HEIGHT, frameAttributes: inlineFormAttributes(trimmed) };
  }
  let frame: Omit<LeadFormEmbed, "scriptUrl"> | undefined;
  let scriptUrl: string | undefined;
  for (const node of parseHtml(text)) {
    if (node.kind === "text" && node.text.trim() === "") continue;
    if (node.kind === "element" && node.name === "iframe" && frame === undefined) {
      const read = readFrame(node);
      if ("offset" in read) return read;
      frame = read;
    } else if (node.kind === "element" && node.name === "script" && frame !== undefined && scriptUrl === undefined) {
      const read = readHelper(node);
      if (typeof read !== "string") return read;
      scriptUrl = read;
    } else {
      const found =
        node.kind === "element" ? `<${node.name}>` : node.kind === "comment" ? "a comment" : `the text ${shown(node.text.trim())}`;
      return { offset: node.offset, found, expected: `${EXPECTED_EMBED}, and nothing else` };
    }
  }
  if (frame === undefined) return { offset: start, found: "no <iframe>", expected: EXPECTED_EMBED };
  return { ...frame, scriptUrl: scriptUrl ?? DEFAULT_HELPER_URL };
}
