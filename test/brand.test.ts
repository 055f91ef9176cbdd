// The business's own face, built from a copy of the data with the tests' own fixture logo, icon,
// accent and photo (test/support/brand-fixtures.ts; the owner has given none): the header shows the
// logo at its fixed size, the preview cards and the structured data carry it, the icon is the
// browser tab's, the colours come from the accent, and the photo at the top is offered at the
// widths and formats a phone and a desktop need, asked for from the <head>. Every mark that cannot
// serve is refused at its field in site.yaml, with the size it has and the size it needs.
import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accentPalette } from "../scripts/features/brand/data/accent.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { headersForPath } from "../scripts/headers/rules.ts";
import { FIRST_ROUND_TRIP_BUDGET } from "../scripts/measure/budgets.ts";
import { PHONE_COPY_BYTES } from "../scripts/photos/encode.ts";
import { brand } from "../scripts/features/brand/brand.tsx";
import { generate, renderSite } from "../scripts/pipeline/generate.ts";
import { outputText } from "../scripts/lib/output.ts";
import { isSitePageFile } from "../scripts/site/urls.ts";
import { BuildCache } from "../scripts/lib/cache.ts";
import { brandData, iconSvg, logoSvg, pngOf, SECOND_ACCENT } from "./support/brand-fixtures.ts";
import { editYaml, lineOf, problemsOf } from "./support/data-copy.ts";
import { typedNodes, type JsonObject } from "./support/json-ld.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";
import { pagesWritten } from "./support/pages.ts";

const run = promisify(execFile);

let dataDir: string;
let outDir: string;

beforeAll(async () => {
  dataDir = await brandData({
    logo: "svg",
    icon: "png",
    accent: SECOND_ACCENT,
    hero: { home: true, town: true, service: true },
  });
  outDir = path.join(path.dirname(dataDir), "dist");
  await generate({ dataDir, outDir });
}, 300_000); // a build whose logo, icon and photos are all new to the cache: each photo encoded in AVIF, WebP and JPEG

afterAll(async () => {
  if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
});

const html = (file: string) => readFile(path.join(outDir, file), "utf8");
const LOGO =
  /<img class="brand-logo" src="\/(assets\/brand\/logo-[0-9a-f]{16}\.svg)" width="120" height="40" alt="([^"]*)"\/>/;

describe("with no logo, icon, accent or photo (the shipped data: the owner has given none)", () => {
  it("builds every page as before: the shovel and the name, the drawn icon, palette.css's colours alone, no photo asked for", async () => {
    const site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
    const files = [...site.files.keys()];
    expect(files).toContain("favicon.svg");
    expect(files.filter((file) => file === "favicon.png" || file.startsWith("assets/brand/"))).toEqual([]);
    const pages = files.filter(isSitePageFile);
    expect(pages).toHaveLength(pagesWritten(site.routes));
    for (const file of pages) {
      const page = outputText(site.files.get(file)!);
      const header = page.slice(page.indexOf('<header class="site-header"'), page.indexOf("</header>"));
      expect(header, file).toContain('class="lucide brand-mark"');
      expect(header, file).toContain("<span>Central Illinois Excavating</span>");
      expect(page, file).not.toMatch(/brand-logo|hero-photo|fetchpriority|as="image"|:root\{--accent:|"logo":/);
      expect(page, file).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    }
  });
});

describe("the owner's logo", () => {
  it("takes the shovel's and the name's place in every page's header, 40 px tall, its width and height set", async () => {
    for (const file of ["index.html", "contact.html", "towns/mattoon.html", "services/culvert.html", "404.html"]) {
      const page = await html(file);
      const header = page.slice(page.indexOf('<header class="site-header"'), page.indexOf("</header>"));
      // The fixture is 288 × 96 units: 120 × 40 px in the header; its words are the business name.
      expect(header, file).toMatch(LOGO);
      expect(header.match(LOGO)![2]).toBe("Central Illinois Excavating");
      expect(header, file).not.toContain("brand-mark");
    }
  });

  it("is served as the owner gave it, as an image with a policy that lets it run and load nothing", async () => {
    const [, file] = (await html("index.html")).match(LOGO)!;
    expect(await readFile(path.join(outDir, file!), "utf8")).toBe(logoSvg());
    const rules = parseHeadersFile(await readFile(path.join(outDir, "_headers"), "utf8"));
    const policy = headersForPath(rules, `/${file}`)["Content-Security-Policy"];
    expect(policy).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none';/);
    expect(policy).not.toMatch(/script-src|connect-src|font-src/);
  });

  it("is the structured data's logo, and its image is the home page's photo and preview card", async () => {
    const page = await html("index.html");
    const [, json] = page.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)!;
    const business = typedNodes(JSON.parse(json!) as JsonObject).find((node) => node["@type"] === "GeneralContractor")!;
    const [, file] = page.match(LOGO)!;
    expect(business.logo).toBe(`https://www.centralillinoisexcavating.example/${file}`);
    expect(business.image).toEqual([
      expect.stringMatching(
        /^https:\/\/www\.centralillinoisexcavating\.example\/assets\/photos\/[0-9a-f]{16}-top-1600\.jpg$/,
      ),
      "https://www.centralillinoisexcavating.example/og/site.png",
    ]);
  });

  it("is on the preview cards, in the dark band where the shovel was", async () => {
    const { data, info } = await sharp(path.join(outDir, "og", "site.png"))
      .extract({ left: 0, top: 0, width: 600, height: 124 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The fixture's yellow tile, 60 × 60 px on the card; with the second accent, nothing else in
    // the band is yellow (the shovel would be drawn in the accent's light blue).
    let yellow = 0;
    for (let at = 0; at < data.length; at += info.channels) {
      if (Math.abs(data[at]! - 0xf2) < 24 && Math.abs(data[at + 1]! - 0xb3) < 24 && data[at + 2]! < 48) yellow += 1;
    }
    expect(yellow).toBeGreaterThan(2500);
  });

  it("is kept by the service worker from the first visit, with the home page's phone-size photo", async () => {
    const [, file] = (await html("index.html")).match(LOGO)!;
    const worker = await readFile(path.join(outDir, "sw.js"), "utf8");
    expect(worker).toContain(`"/${file}"`);
    expect(worker).toMatch(/"\/assets\/photos\/[0-9a-f]{16}-top-800\.avif"/);
  });
});

describe("the owner's icon", () => {
  it("is the browser tab's, as a 64-pixel PNG, in place of the drawn shovel, and left to the network by the worker", async () => {
    const page = await html("index.html");
    expect(page).toContain('<link rel="icon" href="/favicon.png" type="image/png"/>');
    expect(page).not.toContain("favicon.svg");
    const meta = await sharp(path.join(outDir, "favicon.png")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 64, 64]);
    await expect(readFile(path.join(outDir, "favicon.svg"))).rejects.toThrow();
    expect(await readFile(path.join(outDir, "sw.js"), "utf8")).toMatch(/"\/admin","\/favicon\.svg","\/favicon\.png"/);
  });

  it("is the site editor's, on its page and as its logo, in the configuration `sitegen cms-config` prints too", async () => {
    expect(await readFile(path.join(outDir, "admin", "index.html"), "utf8")).toContain(
      '<link rel="icon" href="/favicon.png" type="image/png" />',
    );
    const config = await readFile(path.join(outDir, "admin", "config.yml"), "utf8");
    expect(config).toContain("logo:\n  src: /favicon.png\n");
    const { stdout } = await run(process.execPath, [
      path.join(ROOT, "bin/sitegen.js"),
      "cms-config",
      "--data",
      dataDir,
    ]);
    expect(stdout).toBe(config);
  }, 60_000);
});

describe("the owner's accent", () => {
  it("gives the pages the colours made from it, after palette.css's own", async () => {
    const page = await html("index.html");
    const { accent, accentStrong, onAccent, link, onNight } = accentPalette(SECOND_ACCENT);
    expect(page).toContain(
      `:root{--accent:${accent};--accent-strong:${accentStrong};--on-accent:${onAccent};--link:${link};--focus:${link};--link-on-night:${onNight};--focus-on-night:${onNight}}`,
    );
  });
});

describe("the photo at the top of the home page", () => {
  it("is asked for from the <head>, before the stylesheet, with imagesrcset and fetchpriority, for phones and for larger screens", async () => {
    const page = await html("index.html");
    const head = page.slice(0, page.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link rel="preload"[^>]*imageSrcSet[^>]*>/g)].map((match) => match[0]);
    expect(preloads).toHaveLength(2);
    for (const [preload, media] of preloads.map((p, i) => [p, ["(max-width: 47.99rem)", "(min-width: 48rem)"][i]!])) {
      expect(preload).toContain('as="image"');
      expect(preload).toContain('type="image/avif"');
      expect(preload).toContain('fetchPriority="high"');
      expect(preload).toContain('imageSizes="100vw"');
      expect(preload).toContain(`media="${media}"`);
      expect(preload).toMatch(/imageSrcSet="\/assets\/photos\/[0-9a-f]{16}-top-\d+\.avif \d+w/);
    }
    expect(preloads[0]).toMatch(/-top-480\.avif 480w, \/assets\/photos\/[0-9a-f]{16}-top-800\.avif 800w"/);
    expect(preloads[1]).toMatch(/-top-800\.avif 800w, .*-top-1200\.avif 1200w, .*-top-1600\.avif 1600w"/);
    expect(head.indexOf('rel="preload"')).toBeLessThan(head.indexOf("<style"));
  });

  it("is a <picture> of AVIF, WebP and JPEG, sized, high priority and never lazy, with its text on a panel", async () => {
    const page = await html("index.html");
    const hero = page.slice(page.indexOf('<section class="hero has-photo"'), page.indexOf("</section>"));
    expect(hero).toContain('<picture class="hero-photo">');
    expect(hero.match(/<source /g)).toHaveLength(4);
    expect(hero).toContain('type="image/webp"');
    expect(hero).toMatch(
      /<img src="\/assets\/photos\/[0-9a-f]{16}-top-800\.jpg" srcSet="[^"]*-top-1600\.jpg 1600w" sizes="100vw" width="1600" height="1000" alt="Excavator loading a dirt pile on a job site near Mattoon, with a tree line behind" fetchPriority="high"\/>/,
    );
    expect(hero).not.toContain("loading=");
    expect(hero).toContain('<div class="hero-panel"><p class="eyebrow">');
  });

  it("is at the top of the town's and the service's page that name one, and of no other", async () => {
    expect(await html("towns/mattoon.html")).toContain('<div class="page-head has-photo"><picture class="hero-photo">');
    expect(await html("services/drainage-system.html")).toContain('<div class="page-head has-photo">');
    expect(await html("towns/charleston.html")).toContain('<div class="page-head"><div class="container">');
  });

  it("sends a phone a copy that fits in the first round trip, and keeps the page within its budget", async () => {
    const page = await html("index.html");
    const phone = page.match(/\/(assets\/photos\/[0-9a-f]{16}-top-800\.avif)/)![1]!;
    expect((await readFile(path.join(outDir, phone))).length).toBeLessThanOrEqual(PHONE_COPY_BYTES);
    expect(gzipSync(page).length).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
  });
});

describe("marks that cannot serve", () => {
  /** The problem at site.yaml's `field`, after `prepare` writes the files and the fields. */
  async function refusal(prepare: (dir: string) => Promise<void>, needle: string) {
    const dir = await brandData({});
    try {
      await prepare(dir);
      const problems = await problemsOf(dir);
      const text = await readFile(path.join(dir, "site.yaml"), "utf8");
      expect(problems).toHaveLength(1);
      const [problem] = problems;
      expect(problem!.file).toBe("data/site.yaml");
      expect(problem!.line).toBe(lineOf(text, needle));
      return problem!;
    } finally {
      await rm(path.dirname(dir), { recursive: true, force: true });
    }
  }
  const setSite = (dir: string, keys: string[], value: unknown) =>
    editYaml(dir, "site.yaml", (doc) => doc.setIn(keys, value));

  it("refuses an SVG logo that runs a script, at its line and column in the SVG, named by site.yaml's line", async () => {
    const problem = await refusal(async (dir) => {
      const svg = logoSvg().replace("<title>", '<script>alert("hi")</script>\n  <title>');
      await writeFile(path.join(dir, "brand", "logo.svg"), svg);
      await setSite(dir, ["logo"], { file: "brand/logo.svg" });
    }, "file: brand/logo.svg");
    expect(problem.found).toBe("a <script> element, which runs code, at line 3, column 3 of brand/logo.svg");
    expect(problem.expected).toMatch(/^an SVG that only draws: no script, event handler, foreignObject/);
  });

  it("refuses an SVG icon with an event handler", async () => {
    const problem = await refusal(async (dir) => {
      await writeFile(path.join(dir, "brand", "icon.svg"), iconSvg().replace("<rect ", '<rect onclick="go()" '));
      await setSite(dir, ["icon"], "brand/icon.svg");
    }, "icon: brand/icon.svg");
    expect(problem.found).toMatch(
      /^an event handler, the attribute onclick, at line 1, column \d+ of brand\/icon\.svg$/,
    );
  });

  it("refuses a logo too wide for the header, with the size it has and the shapes it may have", async () => {
    const problem = await refusal(async (dir) => {
      const wide = await sharp({ create: { width: 600, height: 100, channels: 4, background: "#f2b300" } })
        .png()
        .toBuffer();
      await writeFile(path.join(dir, "brand", "logo.png"), wide);
      await setSite(dir, ["logo"], { file: "brand/logo.png" });
    }, "file: brand/logo.png");
    expect(problem.found).toBe("a logo 600 × 100 pixels (6:1)");
    expect(problem.expected).toMatch(
      /^a logo from 1:1 \(square\) to 4:1 \(four times as wide as tall\), such as 400 × 100 pixels, which the header shows at 160 × 40 px/,
    );
  });

  it("refuses a logo too small for a sharp header, with the height it needs", async () => {
    const problem = await refusal(async (dir) => {
      await writeFile(path.join(dir, "brand", "logo.png"), await pngOf(logoSvg(), 48));
      await setSite(dir, ["logo"], { file: "brand/logo.png" });
    }, "file: brand/logo.png");
    expect(problem.found).toBe("a logo 144 × 48 pixels");
    expect(problem.expected).toMatch(/^a logo at least 80 pixels tall/);
  });

  it("refuses an icon that is not square, and a JPEG, which cannot be transparent", async () => {
    const oblong = await refusal(async (dir) => {
      await writeFile(path.join(dir, "brand", "icon.png"), await pngOf(logoSvg(), 128));
      await setSite(dir, ["icon"], "brand/icon.png");
    }, "icon: brand/icon.png");
    expect(oblong.found).toBe("an icon 384 × 128 pixels (3:1)");
    expect(oblong.expected).toMatch(/^a square icon, as wide as tall/);
    const jpeg = await refusal(async (dir) => {
      await writeFile(
        path.join(dir, "brand", "logo.png"),
        await sharp(await pngOf(logoSvg(), 96))
          .jpeg()
          .toBuffer(),
      );
      await setSite(dir, ["logo"], { file: "brand/logo.png" });
    }, "file: brand/logo.png");
    expect(jpeg.found).toBe("a JPEG image");
  });

  it("refuses an accent that button text cannot be read on, with the pair, the ratio and the nearest colour that passes", async () => {
    const problem = await refusal(async (dir) => void (await setSite(dir, ["accent"], "#777777")), "accent:");
    expect(problem.found).toBe('"#777777"');
    expect(problem.expected).toBe(
      'a colour that button text can be read on: dark text #1b2026 on #777777 reaches 3.66:1 and white text 4.47:1, where WCAG 2.2 AA asks 4.5:1; the nearest colour of the same hue that passes is "#767676" (with white text)',
    );
  });
});

describe("a PNG logo, dark, made for white paper", () => {
  it("becomes a PNG twice the header's height, shown on a light plate", async () => {
    const dir = await brandData({});
    try {
      await writeFile(
        path.join(dir, "brand", "logo.png"),
        await pngOf(logoSvg({ dark: true }).replaceAll("#f2b300", "#5b4a1e"), 300),
      );
      await editYaml(dir, "site.yaml", (doc) =>
        doc.setIn(["logo"], { file: "brand/logo.png", alt: "Fixture Excavating" }),
      );
      const model = buildModel(await loadData(dir));
      const parts = (await brand.parts({ model, today: new Date(), cache: new BuildCache(false) }))!;
      const [[file, png]] = [...parts.files!] as [[string, Uint8Array]];
      expect(file).toMatch(/^assets\/brand\/logo-[0-9a-f]{16}\.png$/);
      // On a plate of its own in the header, with site.yaml's words; so on the preview cards.
      const mark = renderToStaticMarkup(parts.sections!({ path: "/", kind: "home", subject: { kind: "site" } }).mark!);
      expect(mark).toContain(
        `<img class="brand-logo brand-logo-plate" src="/${file}" width="120" height="40" alt="Fixture Excavating"/>`,
      );
      expect(parts.cardMark).toMatchObject({ width: 216, height: 72, plated: true });
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 240, 80]);
    } finally {
      await rm(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
