// Jobs done (data/jobs.yaml): the list at /projects, newest first; a page for each job with its
// story, its photos, the before-and-after pair and links to its town's and services' pages; the
// newest on the home page and on their town's and services' pages; in the sitemap, llms.txt and
// structured data that claims no review or rating; every photo without a trace of where it was
// taken; each page within the first round trip. Without a job none of it exists, and the site is
// the site without the file, byte for byte. The rules: test/job-rules.test.ts.
import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  beforeAndAfter,
  monthText,
  recentJobs,
  storyParagraphs,
  storySummary,
} from "../scripts/features/jobs/data/jobs.ts";
import { jobsOf } from "../scripts/features/jobs/fields.ts";
import type { Job } from "../scripts/features/jobs/data/schema.ts";
import { DESCRIPTION_LENGTH } from "../scripts/pages/kind.ts";
import { outputBytes, outputText } from "../scripts/lib/output.ts";
import { FIRST_ROUND_TRIP_BUDGET, measurePage } from "../scripts/measure/budgets.ts";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { isSitePageFile } from "../scripts/site/urls.ts";
import { COPY_FILES_DATED, copyData } from "./support/data-copy.ts";
import { addJobs, FIXTURE_JOBS, JOBS_TODAY, jobsFileText } from "./support/job-fixtures.ts";
import { typedNodes, type JsonObject } from "./support/json-ld.ts";
import { addReviews, FIXTURE_PROFILE, LONG_REVIEWS } from "./support/review-fixtures.ts";
import { utimes, writeFile } from "node:fs/promises";
import path from "node:path";

async function buildWith(jobs: readonly Job[], change?: (dir: string) => Promise<unknown>): Promise<RenderedSite> {
  const dir = await copyData();
  await addJobs(dir, jobs);
  await change?.(dir);
  return renderSite({ dataDir: dir, outDir: "unused", today: JOBS_TODAY });
}

const pageOf = (site: RenderedSite, file: string) => outputText(site.files.get(file)!);
const pagesOf = (site: RenderedSite) =>
  [...site.files]
    .filter(([file]) => isSitePageFile(file))
    .map(([file, contents]) => ({ file, html: outputText(contents) }));

/** The section a heading id names, or undefined. */
function sectionOf(html: string, headingId: string): string | undefined {
  const start = html.indexOf(`aria-labelledby="${headingId}"`);
  return start < 0 ? undefined : html.slice(start, html.indexOf("</section>", start));
}

/** The titles of the job cards in a piece of a page, in order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<li class="card job-card"><h[23] class="card-title"><a href="\/projects\/([^"]+)">/g)].map(
    (match) => match[1],
  );

const graphOf = (html: string): JsonObject[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) =>
    typedNodes(JSON.parse(match[1]!)),
  );

const site = await buildWith(FIXTURE_JOBS);
// The site without jobs, from a copy of the same data, dated as the other copies are (support/data-copy.ts).
const none = await renderSite({ dataDir: await copyData(), outDir: "unused", today: JOBS_TODAY });
const slugs = (jobs: readonly Job[]) => jobs.map((job) => job.slug);
const newest = slugs(FIXTURE_JOBS); // the fixture lists them newest first

describe("what a page shows of the jobs", () => {
  it("orders them newest first by month, the file's order within a month, and keeps three by town or service", () => {
    const jobs = jobsOf(site.model);
    expect(slugs(jobs)).toEqual(newest);
    expect(slugs(recentJobs(jobs))).toEqual(newest.slice(0, 3));
    expect(slugs(recentJobs(jobs, { town: "charleston" }))).toEqual([
      "charleston-yard-drain",
      "charleston-driveway-culvert",
      "charleston-basement-dig",
    ]);
    expect(slugs(recentJobs(jobs, { service: "drainage-system" }))).toEqual([
      "charleston-yard-drain",
      "charleston-farm-pond",
    ]);
    expect(recentJobs(jobs, { town: "mattoon" })).toEqual([]);
  });

  it("reads a month, a story's paragraphs and its start as a visitor reads them", () => {
    expect(monthText("2025-06")).toBe("June 2025");
    expect(monthText("2024-12")).toBe("December 2024");
    expect(storyParagraphs(FIXTURE_JOBS[1]!.story)).toHaveLength(2);
    for (const job of FIXTURE_JOBS) {
      const summary = storySummary(job.story, DESCRIPTION_LENGTH);
      expect(summary.length, job.slug).toBeGreaterThanOrEqual(100);
      expect(summary.length, job.slug).toBeLessThanOrEqual(160);
      expect(job.story.replace(/\s+/g, " ").startsWith(summary.replace(/…$/, "")), job.slug).toBe(true);
    }
  });

  it("pairs a job's first before photo with its first after photo, and none without a before photo", () => {
    const pair = beforeAndAfter(FIXTURE_JOBS[1]!);
    expect([pair?.before.role, pair?.after.role]).toEqual(["before", "after"]);
    expect(beforeAndAfter(FIXTURE_JOBS[3]!)).toBeUndefined();
  });
});

describe("/projects", () => {
  const page = pageOf(site, "projects.html");

  it("lists every job, newest first, each a card with its title linking to its page, its town and month", () => {
    expect(cardTitles(page)).toEqual(newest);
    expect(page).toContain("<h1>Our recent projects</h1>");
    expect(page).toContain(
      '<a href="/projects/charleston-yard-drain">French drain for a soggy back yard in Charleston</a></h2><p>Charleston · <time dateTime="2025-10">October 2025</time></p>',
    );
    expect(page).toContain('<p>Arcola · <time dateTime="2025-11">November 2025</time></p>');
  });

  it("shows each job's after photo, the first at once and the rest as the visitor scrolls", () => {
    const images = [...page.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(FIXTURE_JOBS.length);
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[0]).not.toContain("loading=");
    for (const image of images.slice(1)) expect(image).toContain('loading="lazy"');
    expect(images[1]).toContain(`alt="${FIXTURE_JOBS[1]!.photos[2]!.alt}"`);
  });

  it("is in the sitemap and llms.txt, with every job page", () => {
    const sitemap = outputText(site.files.get("sitemap.xml")!);
    const llms = outputText(site.files.get("llms.txt")!);
    for (const path of ["/projects", ...newest.map((slug) => `/projects/${slug}`)]) {
      expect(sitemap).toContain(`${site.model.business.url}${path}</loc>`);
      expect(llms).toContain(`](${site.model.business.url}${path})`);
    }
    expect(llms).toMatch(/\n## Projects\n\n- \[Septic field for a farmhouse outside Arcola\]\(/);
  });

  it("describes itself to search engines as the list of the job pages, in its order", () => {
    const [list] = graphOf(page).filter((node) => node["@type"] === "ItemList");
    expect(graphOf(page).map((node) => node["@type"])).toContain("CollectionPage");
    expect((list!.itemListElement as JsonObject[]).map((item) => item.item)).toEqual(
      newest.map((slug) => `${site.model.business.url}/projects/${slug}`),
    );
    expect(list!.numberOfItems).toBe(FIXTURE_JOBS.length);
  });
});

describe("a job's page", () => {
  const job = FIXTURE_JOBS[1]!; // before, during and after photos, captions, two paragraphs
  const page = pageOf(site, `projects/${job.slug}.html`);

  it("tells the job: its title, town and month, its services, its story in paragraphs", () => {
    expect(page).toContain(`<h1>${job.title}</h1>`);
    expect(page).toMatch(/Charleston, IL · <time dateTime="2025-10">October 2025<\/time>/);
    for (const paragraph of storyParagraphs(job.story)) expect(page).toContain(`<p>${paragraph}</p>`);
    expect(page).toContain("<title>French drain for a soggy back yard in Charleston</title>");
  });

  it("sets the before and after photos side by side as one figure, each labelled in words and described", () => {
    const figure = page.slice(page.indexOf('<figure class="before-after">'), page.indexOf('<div class="prose-grid">'));
    expect(figure).toContain('<figcaption><h2 id="before-after-heading">Before and after</h2></figcaption>');
    const [before, after] = [job.photos[0]!, job.photos[2]!];
    expect(figure.indexOf(`alt="${before.alt}"`)).toBeLessThan(figure.indexOf(`alt="${after.alt}"`));
    expect(figure).toContain(`<strong class="photo-role role-before">Before</strong> ${before.caption}</figcaption>`);
    expect(figure).toContain(`<strong class="photo-role role-after">After</strong> ${after.caption}</figcaption>`);
    // At the top of the page: both load at once, the before photo first of all.
    const images = [...figure.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('fetchPriority="high"');
    for (const image of images) expect(image).not.toContain("loading=");
  });

  it("shows its other photos below, lazily, each with its role", () => {
    const rest = sectionOf(page, "job-photos-heading")!;
    expect(rest).toContain(`alt="${job.photos[1]!.alt}"`);
    expect(rest).toContain('<strong class="photo-role role-during">During</strong></figcaption>');
    expect(rest).toContain('loading="lazy"');
  });

  it("links to its town's page and its services' pages, and to every job", () => {
    const links = page.slice(
      page.indexOf('aria-labelledby="job-links-heading"'),
      page.indexOf("</nav>", page.indexOf("job-links-heading")),
    );
    expect(links).toContain('href="/towns/charleston"');
    expect(links).toContain('href="/services/drainage-system"');
    expect(links).toContain('href="/projects"');
  });

  it("without a before photo, shows its after photo alone at the top, and no pair", () => {
    const alone = pageOf(site, "projects/charleston-basement-dig.html");
    expect(alone).not.toContain('<figure class="before-after">');
    expect(alone).toMatch(
      /<figure class="job-lead"><picture>[\s\S]*?fetchPriority="high"[\s\S]*?<strong class="photo-role role-after">After<\/strong><\/figcaption><\/figure>/,
    );
    expect(alone).not.toContain("job-photos-heading");
  });

  it("describes to search engines what the page shows, a work of the business's, and no review or rating", () => {
    const [work] = graphOf(page).filter((node) => node["@type"] === "CreativeWork");
    const url = `${site.model.business.url}/projects/${job.slug}`;
    expect(work).toMatchObject({
      "@id": `${url}#job`,
      name: job.title,
      url,
      dateCreated: "2025-10",
      text: job.story,
      creator: { "@id": `${site.model.business.url}/#business` },
      locationCreated: { "@type": "City", name: "Charleston, IL" },
      about: [{ "@id": `${site.model.business.url}/services/drainage-system#service` }],
    });
    const images = work!.image as JsonObject[];
    expect(images.map((image) => image.description)).toEqual(job.photos.map((photo) => photo.alt));
    for (const image of images) expect(String(image.contentUrl)).toMatch(/\/assets\/photos\/[0-9a-f]{16}-1200\.jpg$/);
    // No page claims a review or a rating, for a job or for the business: no such type, no such property.
    for (const { file, html } of pagesOf(site)) {
      for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g))
        expect(json, file).not.toMatch(
          /"(review|reviews|aggregateRating|reviewRating|contentRating)"\s*:|"@type"\s*:\s*"(Review|AggregateRating|Rating)"/,
        );
    }
  });

  it("shares its after photo as its link preview", () => {
    expect(page).toMatch(/<meta property="og:image" content="[^"]+\/og\/photos\/[0-9a-f]{16}\.jpg"\/>/);
    expect(page).toContain(`<meta property="og:image:alt" content="${job.photos[2]!.alt}"/>`);
  });
});

describe("the pages that show the newest jobs", () => {
  it("the town page: Recent work in Charleston, its three newest there, and a link to every job", () => {
    const section = sectionOf(pageOf(site, "towns/charleston.html"), "recent-work-heading")!;
    expect(section).toContain('<h2 id="recent-work-heading">Recent work in Charleston</h2>');
    expect(cardTitles(section)).toEqual([
      "charleston-yard-drain",
      "charleston-driveway-culvert",
      "charleston-basement-dig",
    ]);
    expect(section).toContain('<a href="/projects">See all our projects</a>');
    expect(cardTitles(sectionOf(pageOf(site, "towns/arcola-seo.html"), "recent-work-heading")!)).toEqual([
      "arcola-septic-field",
    ]);
  });

  it("the service page: its newest jobs, the same way", () => {
    const section = sectionOf(pageOf(site, "services/drainage-system.html"), "recent-work-heading")!;
    expect(section).toContain('<h2 id="recent-work-heading">Recent drainage system work</h2>');
    expect(cardTitles(section)).toEqual(["charleston-yard-drain", "charleston-farm-pond"]);
  });

  it("the home page: the three newest, after the services and before the towns, lazily", () => {
    const home = pageOf(site, "index.html");
    const section = sectionOf(home, "recent-work-heading")!;
    expect(cardTitles(section)).toEqual(newest.slice(0, 3));
    const start = home.indexOf('aria-labelledby="recent-work-heading"');
    expect(start).toBeGreaterThan(home.indexOf('id="services-heading"'));
    expect(start).toBeLessThan(home.indexOf('id="towns-heading"'));
    for (const image of section.match(/<img [^>]*>/g)!) expect(image).toContain('loading="lazy"');
  });

  it("no other page shows a job, links to one, or carries the jobs' stylesheet", () => {
    const showing = new Set([
      "index.html",
      "projects.html",
      ...newest.map((slug) => `projects/${slug}.html`),
      "towns/charleston.html",
      "towns/arcola-seo.html",
      // The editor's "View on Live Site" for jobs.yaml, which opens the jobs' page.
      "edited/jobs.html",
      ...new Set(FIXTURE_JOBS.flatMap((job) => job.services.map((key) => `services/${key}.html`))),
    ]);
    const jobsCss = site.files.get("index.html") && outputText(site.files.get("index.html")!);
    expect(jobsCss).toContain(".photo-role{");
    for (const { file, html } of pagesOf(site)) {
      if (showing.has(file)) continue;
      expect(html, file).not.toMatch(/\/projects|recent-work-heading|\.photo-role\{/);
    }
  });
});

describe("the jobs' photos", () => {
  it("are published only as copies at the gallery's widths in AVIF, WebP and JPEG, with no EXIF, XMP or GPS", async () => {
    const copies = [...site.files.keys()].filter(
      (file) => file.startsWith("assets/photos/") || file.startsWith("og/photos/"),
    );
    const distinct = new Set(FIXTURE_JOBS.flatMap((job) => job.photos.map((photo) => photo.file)));
    // 1,200 pixels wide: 480, 800 and 1,200 in three formats; and a preview crop of each after photo.
    expect(copies.filter((file) => file.startsWith("assets/"))).toHaveLength(distinct.size * 9);
    expect(copies.filter((file) => file.startsWith("og/"))).toHaveLength(FIXTURE_JOBS.length);
    for (const file of copies) {
      const bytes = Buffer.from(outputBytes(site.files.get(file)!));
      const tags = await exifr.parse(bytes, { tiff: true, xmp: true, iptc: true, gps: true }).catch(() => undefined);
      expect(tags ?? {}, file).toEqual({});
      const metadata = await sharp(bytes).metadata();
      expect([metadata.exif, metadata.xmp, metadata.iptc], file).toEqual([undefined, undefined, undefined]);
    }
    expect([...site.files.keys()].some((file) => file.includes("charleston-drain"))).toBe(false);
  });
});

describe("without a job", () => {
  it("the shipped data has none, and there is no /projects, no section, no link and no stylesheet of theirs", () => {
    expect(jobsOf(none.model)).toEqual([]);
    expect(none.routes.map((route) => route.path)).not.toContain("/projects");
    expect([...none.files.keys()].filter((file) => file.startsWith("projects"))).toEqual([]);
    for (const { file, html } of pagesOf(none)) {
      expect(html, file).not.toMatch(/\/projects|recent-work-heading|before-after|\.photo-role\{/);
    }
    expect(outputText(none.files.get("llms.txt")!)).not.toMatch(/## Projects|\/projects/);
    expect(outputText(none.files.get("sitemap.xml")!)).not.toContain("/projects");
  });

  it("a jobs.yaml with no job builds the same site as no jobs.yaml, file for file", async () => {
    const empty = await (async () => {
      const dir = await copyData();
      const file = path.join(dir, "jobs.yaml");
      await writeFile(file, jobsFileText([]));
      // Dated as the copy's other files: the sitemap's lastmod is the data's newest file time.
      await utimes(file, COPY_FILES_DATED, COPY_FILES_DATED);
      return renderSite({ dataDir: dir, outDir: "unused", today: JOBS_TODAY });
    })();
    // The same files, whatever order they were made in: the editor's are written as soon as they are ready.
    expect([...empty.files.keys()].sort()).toEqual([...none.files.keys()].sort());
    for (const [file, contents] of none.files) {
      expect(Buffer.from(outputBytes(empty.files.get(file)!)).equals(Buffer.from(outputBytes(contents))), file).toBe(
        true,
      );
    }
  });
});

/** A story of exactly the longest length the schema takes, in words of its own. */
const LONGEST_STORY = (() => {
  const words = [
    "trench",
    "tile",
    "gravel",
    "clay",
    "grade",
    "swale",
    "culvert",
    "outlet",
    "fall",
    "seed",
    "pipe",
    "ditch",
  ];
  const sentences: string[] = [];
  for (let i = 0; sentences.join(" ").length < 1600; i++)
    sentences.push(`We set the ${words[i % 12]} by the ${words[(i * 5 + 1) % 12]} at ${i + 3} feet.`);
  return (
    sentences
      .join(" ")
      .slice(0, 1499)
      .replace(/\s+\S*$/, "") + "."
  );
})();

/** The largest job the schema takes: the longest story, twelve photos with the longest alt texts and captions. */
const LARGEST: Job = {
  ...FIXTURE_JOBS[1]!,
  slug: "largest-job",
  title: "Every field of this job at its longest, for the page budget",
  story: LONGEST_STORY,
  services: ["drainage-system", "culvert", "ditch", "erosion-control"],
  photos: Array.from({ length: 12 }, (_, i) => ({
    file: `photos/largest-${i}.jpg`,
    role: i === 0 ? "before" : i === 11 ? "after" : "during",
    alt: `Photo ${i + 1} of the largest job: ${"a trench cut along the fence line with pipe in washed rock ".repeat(4)}`
      .slice(0, 250)
      .trim(),
    caption: `Caption ${i + 1}: ${"the same trench from the other end of the yard ".repeat(3)}`.slice(0, 140).trim(),
  })),
};

describe("the byte budget", () => {
  it(`keeps the largest job page, and the pages that show three jobs with three of the longest reviews, within ${FIRST_ROUND_TRIP_BUDGET} bytes`, async () => {
    expect(LARGEST.story.length).toBeGreaterThan(1450);
    expect(LARGEST.story.length).toBeLessThanOrEqual(1500);
    const jobs = [
      LARGEST,
      ...FIXTURE_JOBS.map((job) => ({ ...job, services: [...job.services, "drainage-system"].slice(0, 4) })),
    ];
    const built = await buildWith(jobs, async (dir) => addReviews(dir, LONG_REVIEWS, FIXTURE_PROFILE));
    for (const file of [
      "projects/largest-job.html",
      "projects.html",
      "index.html",
      "towns/charleston.html",
      "services/drainage-system.html",
    ]) {
      const html = pageOf(built, file);
      const weight = await measurePage(file, html);
      const figures = `${file}: ${weight.bytes} bytes, gzip ${weight.gzip}, brotli ${weight.brotli}`;
      console.info(figures);
      expect(weight.gzip, figures).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
      expect(weight.brotli, figures).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
    }
  }, 180_000); // builds with the tests' jobs and reviews, whose photos are encoded the first time
});
