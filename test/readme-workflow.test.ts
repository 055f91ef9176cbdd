// The owner's guide's steps, followed literally on a copy of the project with the
// spec's data, which the owner's guide's examples are written for (data/ may hold them already): the example
// town row is taken from README.md itself, pasted at the end of data/towns.yaml, checked and
// published with the npm scripts the guide names, and the new town shows up where the guide
// says it does: its page, the "Also serving" and "Nearby towns" links, the sitemap and the home
// page's structured data.
import { execFile } from "node:child_process";
import { appendFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import exifr from "exifr";
import { parse, stringify } from "yaml";
import { ROOT, SPEC_DATA_DIR } from "./support/paths.ts";
import { jobSitePhoto } from "./support/photo-fixtures.ts";
import { copyProject } from "./support/project-copy.ts";
import { fencedBlocks, guideSection, OWNER_GUIDE, readGuide } from "./support/readme.ts";

const run = promisify(execFile);

/** Runs an npm script the way the owner's guide says to, e.g. "npm run check", in the project copy. */
async function npmRun(project: string, command: string) {
  const [npm, verb, script] = command.split(" ");
  expect([npm, verb]).toEqual(["npm", "run"]);
  // The command npm would run, from the copy's package.json (no npm start-up cost or output).
  const scripts = JSON.parse(await readFile(path.join(project, "package.json"), "utf8")).scripts as Record<
    string,
    string
  >;
  const line = scripts[script!];
  expect(line, `package.json has a "${script}" script`).toMatch(/^node bin\/sitegen\.js /);
  const [, entry, ...args] = line!.split(" ");
  return run(process.execPath, [entry!, ...args], { cwd: project });
}

const page = (project: string, file: string) => readFile(path.join(project, "dist", file), "utf8");

/** A section's yaml blocks; one in a numbered list loses the list's three spaces before its lines. */
function yamlBlocks(section: string): string[] {
  return fencedBlocks(section, " *yaml").map((block) =>
    block
      .split("\n")
      .map((line) => line.replace(/^ {3}/, ""))
      .join("\n"),
  );
}

/**
 * What publishing does once the change is pushed (the guide's Publish section): the host runs its
 * build command, netlify.toml's, on the repository.
 */
async function hostBuild(project: string) {
  const toml = await readFile(path.join(ROOT, "netlify.toml"), "utf8");
  return npmRun(project, /^\s*command = "([^"]+)"/m.exec(toml)![1]!);
}

/** "Run `npm run check`, then publish": the check's output. */
async function checkThenPublish(project: string, section: string): Promise<string> {
  expect(section).toMatch(/then publish \(see \[Publish\]\(#publish\)\)/);
  const [check] = [...section.matchAll(/`(npm run [a-z]+)`/g)].map((match) => match[1]!);
  const { stdout } = await npmRun(project, check!);
  await hostBuild(project);
  return stdout;
}

/** Every areaServed entry in a page's JSON-LD, wherever it sits in the graph. */
function areaServedEntries(html: string): unknown[] {
  const found: unknown[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "areaServed") found.push(...(Array.isArray(value) ? value : [value]));
      visit(value);
    }
  };
  for (const match of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    visit(JSON.parse(match[1]!));
  }
  return found;
}

describe("the owner's guide's steps for adding a town", () => {
  let project: string;
  let row: string;
  let checkOutput: string;

  beforeAll(async () => {
    project = await copyProject({ data: SPEC_DATA_DIR });
    const readme = await readGuide(OWNER_GUIDE, project);
    const addTown = guideSection(readme, "Add a town");
    expect(addTown).toMatch(/paste it at the very end of `data\/towns\.yaml`/);
    const [example] = fencedBlocks(addTown, "yaml");
    if (!example) throw new Error(`${OWNER_GUIDE} has no yaml example under "Add a town"`);
    row = example;

    // "paste it at the very end of data/towns.yaml … and save"
    await appendFile(path.join(project, "data", "towns.yaml"), row);
    // "### Check": the command in its code block; "### Publish": a push, and the host's build.
    const [checkCommand] = fencedBlocks(guideSection(readme, "Check"), "sh");
    const [publishCommand] = fencedBlocks(guideSection(readme, "Publish"), "sh");
    expect(publishCommand).toMatch(/git push/);
    checkOutput = (await npmRun(project, checkCommand!.trim())).stdout;
    await hostBuild(project);
  });

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it("is a complete town row, the only one with its slug", async () => {
    const [town] = parse(row) as { name: string; slug: string; facts?: unknown }[];
    expect(town).toMatchObject({ name: "Oakland", slug: "oakland", county: "Coles" });
    const real = await readFile(path.join(SPEC_DATA_DIR, "towns.yaml"), "utf8");
    expect(real).not.toMatch(/slug: oakland\n/);
  });

  it("passes npm run check, which counts the new town", () => {
    expect(checkOutput).toMatch(/^OK: data\/ is valid: .*\b28 towns\b/m);
  });

  it("gives the town its own page with its heading", async () => {
    const html = await page(project, "towns/oakland.html");
    expect(html).toMatch(/<h1[^>]*>Excavation Services in (<!-- -->)?Oakland<\/h1>/);
    expect(html).toContain("More info coming soon.");
  });

  it('lists it under "Also serving" on the towns index', async () => {
    const html = await page(project, "towns.html");
    const alsoServing = html.slice(html.indexOf('id="also-serving-heading"'));
    expect(alsoServing).toMatch(/<a href="\/towns\/oakland"/);
  });

  it('lists it under "Nearby towns" on the pages of the towns closest to it', async () => {
    const towns = (await readdir(path.join(project, "dist", "towns"))).filter(
      (file) => file.endsWith(".html") && file !== "oakland.html",
    );
    const listing: string[] = [];
    for (const file of towns) {
      const html = await page(project, `towns/${file}`);
      const start = html.indexOf("Nearby towns</h2>");
      if (start >= 0 && /<a href="\/towns\/oakland"/.test(html.slice(start, html.indexOf("</ul>", start))))
        listing.push(file);
    }
    expect(listing.length).toBeGreaterThan(0);
    expect(listing).toContain("charleston.html");
  });

  it("puts it in the sitemap", async () => {
    const sitemap = await page(project, "sitemap.xml");
    expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/towns\/oakland<\/loc>/);
  });

  it("names it in the home page's structured data (areaServed)", async () => {
    const entries = areaServedEntries(await page(project, "index.html"));
    expect(entries.length, "the home page has JSON-LD with areaServed").toBeGreaterThan(0);
    expect(JSON.stringify(entries)).toMatch(/Oakland|\/towns\/oakland/);
  });
});

describe("the owner's guide's steps for adding a photo", () => {
  let project: string;
  let block: string;
  let checkOutput: string;

  beforeAll(async () => {
    project = await copyProject({ data: SPEC_DATA_DIR });
    const readme = await readGuide(OWNER_GUIDE, project);
    const addPhoto = guideSection(readme, "Add a photo");
    // 1. "Save the photo in data/photos/ … data/photos/mattoon-basement-dig.jpg" (a phone's JPEG,
    // with its GPS position: the tests make their own photos, the site ships none).
    const saved = /`(data\/photos\/[a-z0-9-]+\.jpg)`/.exec(addPhoto)![1]!;
    await mkdir(path.join(project, "data", "photos"), { recursive: true });
    await writeFile(path.join(project, saved), await jobSitePhoto());
    // 2. "add these lines at the end of it": the Mattoon row, the first of data/towns.yaml.
    block = yamlBlocks(addPhoto)[0]!;
    const towns = path.join(project, "data", "towns.yaml");
    const text = await readFile(towns, "utf8");
    const rowEnd = text.indexOf("  - name: Charleston\n");
    await writeFile(towns, `${text.slice(0, rowEnd)}${block}${text.slice(rowEnd)}`);
    // 3. "Run npm run check, then publish (npm run generate)."
    checkOutput = await checkThenPublish(project, addPhoto);
  }, 180_000); // a copy of the project, then npm run check and npm run generate as the guide says

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it("is a photos list with a file, an alt text and a caption", () => {
    const [photo] = (parse(block) as { photos: { file: string; alt: string; caption?: string }[] }).photos;
    expect(photo).toMatchObject({ file: "photos/mattoon-basement-dig.jpg", caption: "Basement dig for a new home" });
  });

  it("passes npm run check", () => {
    expect(checkOutput).toMatch(/^OK: data\/ is valid/m);
  });

  it("shows the photo in a gallery on the town's page, and makes it the page's link preview", async () => {
    const html = await page(project, "towns/mattoon.html");
    expect(html).toContain('alt="Excavator digging a basement for a new house on the north side of Mattoon"');
    expect(html).toContain("<figcaption>Basement dig for a new home</figcaption>");
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/og\/photos\/[0-9a-f]{16}\.jpg"/);
  });

  it("publishes copies without the camera's data, and never the photo itself", async () => {
    const files = await readdir(path.join(project, "dist", "assets", "photos"));
    expect(files.length).toBe(9);
    for (const file of files) {
      const tags = await exifr
        .parse(await readFile(path.join(project, "dist", "assets", "photos", file)), true)
        .catch(() => undefined);
      expect(tags ?? {}, file).toEqual({});
    }
    const all = await readdir(path.join(project, "dist"), { recursive: true });
    expect(all.some((file) => String(file).includes("mattoon-basement-dig"))).toBe(false);
  });
});

describe("the owner's guide's steps for adding a review", () => {
  let project: string;
  let review: { quote: string; name: string; town: string; date: string; service: string; link: string };
  let profile: { reviewsUrl: string; writeReviewUrl: string };
  let checkOutput: string;
  let exampleRefused: string;

  beforeAll(async () => {
    project = await copyProject({ data: SPEC_DATA_DIR });
    const readme = await readGuide(OWNER_GUIDE, project);
    const addReview = guideSection(readme, "Add a review");
    // 3. "paste this at the very end of the file" (the data has no reviews yet), then the
    // profile's lines, "at the end of data/site.yaml as well".
    const [reviewBlock, profileBlock] = yamlBlocks(addReview);
    const site = path.join(project, "data", "site.yaml");
    expect(await readFile(site, "utf8")).not.toMatch(/^reviews:/m);
    const before = await readFile(site, "utf8");
    await appendFile(site, `${reviewBlock}${profileBlock}`);
    // Not yet filled in: the example must not publish as it stands.
    exampleRefused = await npmRun(project, "npm run check").then(
      () => "",
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`,
    );
    // "Then replace every value with the review's own."
    const example = (parse(reviewBlock!) as { reviews: (typeof review)[] }).reviews[0]!;
    review = {
      ...example,
      quote: "They regraded the side yard and buried the downspouts. The basement stayed dry all spring.",
      name: "Pat D.",
      town: "Charleston",
      link: "https://maps.app.goo.gl/testFixtureReview01",
    };
    profile = {
      reviewsUrl: "https://maps.app.goo.gl/testFixtureProfile",
      writeReviewUrl: "https://g.page/r/testFixtureProfile/review",
    };
    await writeFile(site, `${before}${stringify({ reviews: [review], googleBusinessProfile: profile })}`);
    // 4. "Run npm run check, then publish."
    checkOutput = await checkThenPublish(project, addReview);
  }, 180_000); // a copy of the project, then npm run check and npm run generate as the guide says

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it("is refused by npm run check until every value is the review's own", () => {
    for (const field of ["quote", "name", "town", "link"])
      expect(exampleRefused).toContain(`reviews[0].${field}: found`);
    expect(exampleRefused).toContain("googleBusinessProfile.reviewsUrl: found");
    expect(exampleRefused).toContain("googleBusinessProfile.writeReviewUrl: found");
  });

  it("is a review with every field, and a Business Profile, and passes npm run check", () => {
    expect(Object.keys(review)).toEqual(["quote", "name", "town", "date", "service", "link"]);
    expect(Object.keys(profile)).toEqual(["reviewsUrl", "writeReviewUrl"]);
    expect(checkOutput).toMatch(/^OK: data\/ is valid/m);
  });

  it("shows it word for word on the pages of its town and its service and on the home and contact pages, with the profile's links", async () => {
    const files = [
      `towns/${review.town.toLowerCase()}.html`,
      `services/${review.service}.html`,
      "index.html",
      "contact.html",
    ];
    for (const file of files) {
      const html = await page(project, file);
      expect(html).toContain(
        `<blockquote cite="${review.link}"><p>${review.quote.replaceAll("'", "&#x27;")}</p></blockquote>`,
      );
      expect(html).toContain(`href="${profile.writeReviewUrl}">Leave a review</a>`);
    }
    // Not on the pages of other towns and services.
    expect(await page(project, "towns/paris.html")).not.toContain("<blockquote");
  });
});
