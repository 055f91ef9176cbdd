// Jobs for the tests, never for data/: the site shows only jobs the owner has done and given. Five
// jobs on the spec's data (copyData()): four in Charleston, so that its page shows the newest three,
// and the newest of all in Arcola, an "also serving" place; two of drainage systems; one without a
// before photo, whose page has no pair. Their photos are drawn here (sharp), with the GPS position
// and camera tags a phone writes, which the site must remove.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { stringify } from "yaml";
import { canonicalText } from "../../scripts/data/format.ts";
import type { Job, JobPhoto } from "../../scripts/features/jobs/data/schema.ts";
import { FIXTURE_TODAY } from "./review-fixtures.ts";

/** The build's "today" in the tests of jobs: after every fixture job's month, so that they never age. */
export const JOBS_TODAY = FIXTURE_TODAY;

export const JOBS_TOWN = { slug: "charleston", name: "Charleston" } as const;
export const JOBS_SERVICE = { key: "drainage-system", label: "Drainage System" } as const;

const photo = (file: string, role: JobPhoto["role"], alt: string, caption?: string): JobPhoto => ({
  file: `photos/${file}`,
  role,
  alt,
  ...(caption ? { caption } : {}),
});

/** Prose written over several lines: its paragraphs, each on one line, a blank line between them in the source. */
const prose = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .join("\n");

export const FIXTURE_JOBS: Job[] = [
  {
    slug: "arcola-septic-field",
    title: "Septic field for a farmhouse outside Arcola",
    town: "arcola-seo",
    services: ["septic-system", "utility-trenching"],
    month: "2025-11",
    story: prose(`The old seepage pit behind the farmhouse had failed, and wastewater surfaced in the side yard
      after every wash day. The soil there is heavy silt loam over clay, slow to take water. Following the
      county's permit, we set a new two-compartment tank and laid four trenches of chamber on a gentle fall
      across the back lot, then ran a new line from the house in a trench below frost. The yard is dry and
      graded for seed.`),
    photos: [
      photo("arcola-septic-before.jpg", "before", "Wet, matted grass over the failed seepage pit beside the farmhouse"),
      photo("arcola-septic-during.jpg", "during", "Chamber rows laid in four open trenches across the back lot"),
      photo("arcola-septic-after.jpg", "after", "The back lot graded smooth and seeded over the new septic field"),
    ],
  },
  {
    slug: "charleston-yard-drain",
    title: "French drain for a soggy back yard in Charleston",
    town: "charleston",
    services: ["drainage-system"],
    month: "2025-10",
    story: prose(`Rain from two neighboring lots ran into this back yard and sat against the foundation for days.
      The ground was tight clay with a low spot right by the patio.

      We dug a trench along the fence line, laid perforated pipe in washed rock wrapped in fabric, tied both
      downspouts in and carried the water to the street on a steady fall. After the next storm the yard
      drained within an hour and the basement stayed dry.`),
    photos: [
      photo(
        "charleston-drain-before.jpg",
        "before",
        "Standing water across a back lawn beside a brick patio",
        "Two days after a storm",
      ),
      photo(
        "charleston-drain-during.jpg",
        "during",
        "Perforated pipe in washed rock at the bottom of a trench along a fence",
      ),
      photo(
        "charleston-drain-after.jpg",
        "after",
        "The same back lawn, dry and seeded, with the patio in the corner",
        "After the first big rain",
      ),
    ],
  },
  {
    slug: "charleston-driveway-culvert",
    title: "Driveway culvert replaced on a county road near Charleston",
    town: "charleston",
    services: ["culvert", "ditch"],
    month: "2025-08",
    story: prose(`The old steel pipe under this field entrance had rusted through and the drive was sinking into
      the ditch. We dug it out, cleaned the ditch both ways, bedded a new eighteen-inch plastic culvert on
      compacted rock at the ditch grade and backfilled in lifts. Rock headwalls hold the ends, and the
      entrance carries a loaded grain truck again.`),
    photos: [
      photo(
        "charleston-culvert-before.jpg",
        "before",
        "A sunken field entrance with a rusted pipe end showing in the ditch",
      ),
      photo(
        "charleston-culvert-after.jpg",
        "after",
        "A new culvert under a rebuilt gravel entrance with rock at both ends",
      ),
    ],
  },
  {
    slug: "charleston-basement-dig",
    title: "Basement dig for a new house in Charleston",
    town: "charleston",
    services: ["basement", "dirt-hauling"],
    month: "2025-06",
    story: prose(`A young family was building on a corner lot on the east side of town. Under the topsoil we found
      firm glacial till with a seam of sand at six feet, so we kept the walls sloped and a pump ready. We dug
      the basement to the builder's stakes, hauled off the spoil the lot could not use and left a clean,
      level floor for the footing crew the next morning.`),
    photos: [
      photo(
        "charleston-basement-after.jpg",
        "after",
        "A finished basement hole with sloped walls and a level floor on a corner lot",
      ),
    ],
  },
  {
    slug: "charleston-farm-pond",
    title: "Farm pond cleaned out south of Charleston",
    town: "charleston",
    services: ["retention-pond", "drainage-system"],
    month: "2025-04",
    story: prose(`Thirty years of silt had filled the shallow end of this livestock pond, and cattails covered
      half of it. We drained it down, dug out the silt and spread it on the owner's low field, rebuilt the
      spillway and reshaped the banks to a gentle slope the cattle can walk. It holds twice the water it did
      last summer.`),
    photos: [
      photo("charleston-pond-before.jpg", "before", "A shallow pond choked with cattails and silt at its near end"),
      photo("charleston-pond-after.jpg", "after", "The pond full again with clean, reshaped banks and a new spillway"),
    ],
  },
];

/** The colours of a photo by its role: mud before, bare soil during, grass after. */
const TONES: Record<JobPhoto["role"], { sky: [number, number, number]; ground: [number, number, number] }> = {
  before: { sky: [150, 160, 170], ground: [105, 85, 60] },
  during: { sky: [170, 190, 210], ground: [140, 105, 70] },
  after: { sky: [120, 170, 220], ground: [70, 130, 60] },
};

/**
 * A job site as a picture: sky over ground in the role's colours, the horizon placed by `seed`,
 * with a little noise so that the encoders work as on a photo; 1,200 × 800, a phone photo's shape.
 * It carries the EXIF camera tags and GPS position a phone writes.
 */
async function jobPhoto(role: JobPhoto["role"], seed: number, width = 1200, height = 800): Promise<Buffer> {
  const { sky, ground } = TONES[role];
  const horizon = Math.round(height * (0.3 + ((seed * 37) % 30) / 100));
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed + 1;
  for (let y = 0; y < height; y++) {
    const base = y < horizon ? sky : ground;
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const noise = (state % 16) - 8;
      const shade = y < horizon ? 0 : Math.round(((x + seed * 53) % 240) / 12) - 10;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, base[c]! + noise + shade));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 29/1 1/1", GPSLongitudeRef: "W", GPSLongitude: "88/1 10/1 1/1" },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A number from a file name, so that each photo is drawn the same in every run (and found in .cache/). */
const seedOf = (file: string) => [...file].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 997, 7);

/** jobs.yaml as `sitegen fmt` writes it. */
export function jobsFileText(jobs: readonly unknown[]): string {
  return canonicalText("jobs", stringify({ jobs }))!;
}

/** Writes jobs.yaml and every photo it names (drawn here) into a copy of data/. */
export async function addJobs(dir: string, jobs: readonly Job[] = FIXTURE_JOBS): Promise<void> {
  await mkdir(path.join(dir, "photos"), { recursive: true });
  const photos = new Map(jobs.flatMap((job) => job.photos).map((each) => [each.file, each.role]));
  for (const [file, role] of photos) await writeFile(path.join(dir, file), await jobPhoto(role, seedOf(file)));
  await writeFile(path.join(dir, "jobs.yaml"), jobsFileText(jobs));
}
