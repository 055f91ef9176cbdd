// Run as a process of its own by test/photos.test.ts (`node --import tsx`): reads a data folder's
// photos as the build does (checked, measured, hashed) and encodes every copy of them into an
// empty cache, then prints its peak resident memory. Nothing else the build does runs here, so
// the peak is the photos' own, over what Node, tsx and sharp take to start.
import sharp from "sharp";
import { loadData } from "../../scripts/data/load.ts";
import { BuildCache } from "../../scripts/lib/cache.ts";
import { renderPhotos } from "../../scripts/photos/encode.ts";

// libvips' threads as on the 2-core machine the test's figures come from: each thread has buffers
// of its own, so that on a machine with more cores the same encoding would take more.
sharp.concurrency(2);

const [dataDir, cacheDir] = process.argv.slice(2);
if (!dataDir || !cacheDir) throw new Error("usage: encode-photos-child.ts <data dir> <empty cache dir>");
const { photos } = await loadData(dataDir);
const files = await renderPhotos(photos.values(), photos.values(), new BuildCache(cacheDir));
process.stdout.write(
  `${JSON.stringify({ files: files.length, peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
);
