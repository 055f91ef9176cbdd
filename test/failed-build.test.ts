// A build that fails leaves nothing running: the work it had started beside the pages (the site
// editor's files, the preview cards, the photos) is over by the time generate rejects, so that
// nothing of it can write afterwards, into the output folder's staging folder or into the next
// build's (the dev server's build process builds again and again under one process id).
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { mkdtemp } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { generate } from "../scripts/pipeline/generate.ts";
import { DATA_DIR } from "./support/paths.ts";

// The home page fails to render, the first page a build renders: everything begun beside the pages
// is still under way then.
vi.mock("../scripts/pages/render.ts", async (original) => {
  const actual = await original<typeof import("../scripts/pages/render.ts")>();
  return {
    ...actual,
    renderRoute: (
      route: Parameters<typeof actual.renderRoute>[0],
      context: Parameters<typeof actual.renderRoute>[1],
    ) => {
      const broken =
        route.path === "/"
          ? {
              ...route,
              render: () => {
                throw new Error("template exploded");
              },
            }
          : route;
      return actual.renderRoute(broken, context);
    },
  };
});

describe("a build whose page fails to render", () => {
  it("rejects only once its other work is over, and nothing writes after it", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "failed-build-"));
    const out = path.join(root, "dist");
    await mkdir(out);
    await writeFile(path.join(out, "index.html"), "previous build");
    // No cache: the editor's files and the preview cards are made anew, and take longer than the pages.
    await expect(generate({ dataDir: DATA_DIR, outDir: out, cacheDir: false })).rejects.toThrow(
      "Rendering / failed: template exploded",
    );
    expect(await readdir(root)).toEqual(["dist"]);
    // Long enough for the editor's script to have been compressed and written, had it gone on.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(await readdir(root)).toEqual(["dist"]);
    expect(await readdir(out)).toEqual(["index.html"]);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("previous build");
  }, 60_000);
});
