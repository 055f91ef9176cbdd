// The estimate form as the owner pastes it (data/lead-form.ts): the provider's embed snippet, or
// the form's address alone. What is kept, what is left out, and what is refused at its line.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseHtmlFragment } from "../scripts/data/html-fragment.ts";
import { DEFAULT_FORM_HEIGHT, DEFAULT_HELPER_URL, readLeadFormEmbed } from "../scripts/data/lead-form.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { formatProblem } from "../scripts/data/problems.ts";
import { copyData, problemsOf, replaceInFile } from "./support/data-copy.ts";
import { DATA_DIR } from "./support/paths.ts";

const read = (text: string) => readLeadFormEmbed(text, parseHtmlFragment);

/** A snippet as the provider's dashboard writes it for an inline form. */
const SNIPPET = `<iframe
    src="https://api.leadconnectorhq.com/widget/form/Ab3dE_f-9"
    style="width:100%;height:100%;border:none;border-radius:3px"
    id="inline-Ab3dE_f-9"
    data-layout="{'id':'INLINE'}"
    data-trigger-type="alwaysShow"
    data-trigger-value=""
    data-activation-type="alwaysActivated"
    data-activation-value=""
    data-deactivation-type="neverDeactivate"
    data-deactivation-value=""
    data-form-name="Estimate"
    data-height="984"
    data-layout-iframe-id="inline-Ab3dE_f-9"
    data-form-id="Ab3dE_f-9"
    title="Estimate"
        >
</iframe>
<script src="https://link.example-crm.com/js/form_embed.js"></script>
`;

describe("the estimate form's embed code", () => {
  it("keeps the frame's address, id, every data-* attribute, its height and the helper's address; leaves out style and title", () => {
    expect(read(SNIPPET)).toEqual({
      frameUrl: "https://api.leadconnectorhq.com/widget/form/Ab3dE_f-9",
      scriptUrl: "https://link.example-crm.com/js/form_embed.js",
      height: 984,
      frameAttributes: [
        ["id", "inline-Ab3dE_f-9"],
        ["data-layout", "{'id':'INLINE'}"],
        ["data-trigger-type", "alwaysShow"],
        ["data-trigger-value", ""],
        ["data-activation-type", "alwaysActivated"],
        ["data-activation-value", ""],
        ["data-deactivation-type", "neverDeactivate"],
        ["data-deactivation-value", ""],
        ["data-form-name", "Estimate"],
        ["data-height", "984"],
        ["data-layout-iframe-id", "inline-Ab3dE_f-9"],
        ["data-form-id", "Ab3dE_f-9"],
      ],
    });
  });

  it("takes the form's address alone, with the provider's helper, the inline form's attributes and the spec's 916 px", () => {
    const form = read("  https://api.leadconnectorhq.com/widget/form/xyz123\n");
    expect(form).toMatchObject({
      frameUrl: "https://api.leadconnectorhq.com/widget/form/xyz123",
      scriptUrl: DEFAULT_HELPER_URL,
      height: DEFAULT_FORM_HEIGHT,
    });
    expect(DEFAULT_FORM_HEIGHT).toBe(916);
    expect(Object.fromEntries("frameAttributes" in form ? form.frameAttributes : [])).toMatchObject({
      id: "inline-xyz123",
      "data-layout": "{'id':'INLINE'}",
      "data-form-id": "xyz123",
    });
  });

  it("takes a snippet without data-height at 916 px, and one without the script with the provider's helper", () => {
    const frameOnly = SNIPPET.replace(/\s*data-height="984"/, "").replace(/<script.*<\/script>/, "");
    expect(read(frameOnly)).toMatchObject({ height: 916, scriptUrl: DEFAULT_HELPER_URL });
  });

  const refusals: [string, string, RegExp, string][] = [
    ["not a form embed: words", "Paste the form here", /^"Paste the form here"$/, "the form's embed code"],
    [
      "not a form embed: a video",
      '<iframe src="https://www.youtube.com/embed/x" id="v"></iframe>',
      /youtube/,
      "/widget/form/",
    ],
    ["not a form embed: a <div>", '<div id="form"></div>', /^<div>$/, "and nothing else"],
    ["not https", SNIPPET.replace("https://api.", "http://api."), /http:\/\/api/, "must start with https://"],
    ["a * host", SNIPPET.replace("api.leadconnectorhq.com", "*"), /https:\/\/\*/, "is not a host name"],
    [
      "a ; in the helper's host",
      SNIPPET.replace("link.example-crm.com", "link.example-crm.com;sandbox"),
      /;sandbox/,
      "is not a host name",
    ],
    ["a port", SNIPPET.replace("api.leadconnectorhq.com", "api.leadconnectorhq.com:8443"), /8443/, "names a port"],
    [
      "an event handler",
      SNIPPET.replace('id="inline', 'onload="alert(1)" id="inline'),
      /event handler onload/,
      "only src, id",
    ],
    [
      "a srcdoc",
      SNIPPET.replace('id="inline', 'srcdoc="<script>x()</script>" id="inline'),
      /attribute srcdoc/,
      "only src, id",
    ],
    ["an image beside it", `${SNIPPET}<img src=x onerror="alert(1)">`, /^<img>$/, "and nothing else"],
    ["a second script", `${SNIPPET}<script>alert(1)</script>`, /^<script>$/, "and nothing else"],
    ["code in the script", SNIPPET.replace("></script>", ">alert(1)</script>"), /code inside/, "empty"],
    [
      "a script from elsewhere",
      SNIPPET.replace("/js/form_embed.js", "/js/other.js"),
      /other\.js/,
      "ending in /js/form_embed.js",
    ],
    ["a comment", `<!-- form -->${SNIPPET}`, /a comment/, "and nothing else"],
    [
      "a height of nothing",
      SNIPPET.replace('data-height="984"', 'data-height="0"'),
      /data-height="0"/,
      "from 200 to 4000",
    ],
    ["an id with a quote", SNIPPET.replace('id="inline-Ab3dE_f-9"', 'id="inline\'x"'), /the id/, "letters, digits"],
    [
      "a control character",
      SNIPPET.replace('data-form-name="Estimate"', 'data-form-name="Est\u001b[2Jimate"'),
      /\\u\{1b\}/,
      "printable",
    ],
  ];
  it.each(refusals)("refuses %s, saying what it found and what it expected", (_, text, found, expected) => {
    const problem = read(text);
    expect(problem).toHaveProperty("offset");
    if (!("offset" in problem)) return;
    expect(problem.found).toMatch(found);
    expect(problem.expected).toContain(expected);
    // Everything it says is printable.
    expect(`${problem.found} ${problem.expected}`).toMatch(/^[\x20-\x7E]*$/);
  });

  it("is refused at the line and column of the problem inside the pasted code; the real one gives the model what the page needs", async () => {
    const dir = await copyData();
    const text = await replaceInFile(
      dir,
      "site.yaml",
      '    <script src="https://link.msgsndr.com/js/form_embed.js"></script>',
      '    <script src="https://link.msgsndr.com/js/form_embed.js"></script>\n    <img src="x" onerror="alert(1)">',
    );
    const problems = await problemsOf(dir);
    const line = text.split("\n").findIndex((row) => row.includes("<img")) + 1;
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/site\\.yaml:${line}:5 leadForm\\.embed: found <img>, expected the form's embed code .*and nothing else$`,
        ),
      ),
    ]);
    const { leadForm } = buildModel(await loadData(DATA_DIR)).business;
    expect(leadForm).toMatchObject({
      frameUrl: "https://api.leadconnectorhq.com/widget/form/example-form-id",
      scriptUrl: "https://link.msgsndr.com/js/form_embed.js",
      height: 916,
      title: "Free estimate request form",
    });
  });

  it("is placed at its column in a one-line value too", async () => {
    const dir = await copyData();
    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    const embed = site.slice(site.indexOf("  embed: |"), site.indexOf("  title: Free estimate"));
    const text = await replaceInFile(dir, "site.yaml", embed, '  embed: "https://*/widget/form/x"\n');
    const line = text.split("\n").findIndex((row) => row.includes("https://*/")) + 1;
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ line, column: 11, field: "leadForm.embed" });
    expect(problem?.expected).toContain('"*" is not a host name');
  });
});
