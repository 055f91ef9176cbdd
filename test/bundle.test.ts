// esbuild's bundles (lib/bundle.ts), kept between builds (pipeline/build-memory.ts) and made again
// only when a file they were made from changed: the dev server rebuilds on every save.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleBrowserScript, bundleStylesheet, type KeptBundles } from "../scripts/lib/bundle.ts";

const dir = await mkdtemp(path.join(tmpdir(), "site-bundle-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("bundles kept between builds", () => {
  it("follow a change to a script the entry imports, and to the values defined", async () => {
    const kept: KeptBundles = new Map();
    const entry = path.join(dir, "entry.ts");
    const part = path.join(dir, "part.ts");
    await writeFile(entry, 'import { word } from "./part.ts";\ndocument.title = word + GREETING;\n');
    await writeFile(part, 'export const word = "gravel";\n');
    const first = await bundleBrowserScript(entry, { define: { GREETING: '"!"' }, kept });
    expect(first).toContain('"gravel"');
    expect(kept.size).toBe(1);
    expect(await bundleBrowserScript(entry, { define: { GREETING: '"!"' }, kept })).toBe(first);
    await writeFile(part, 'export const word = "topsoil";\n');
    expect(await bundleBrowserScript(entry, { define: { GREETING: '"!"' }, kept })).toContain('"topsoil"');
    expect(await bundleBrowserScript(entry, { define: { GREETING: '"?"' }, kept })).toContain('"?"');
    expect(kept.size).toBe(2);
  });

  it("follow a change to a stylesheet an entry imports", async () => {
    const kept: KeptBundles = new Map();
    const sheet = path.join(dir, "site.css");
    const palette = path.join(dir, "palette.css");
    await writeFile(sheet, '@import "./palette.css";\nbody { color: var(--ink); }\n');
    await writeFile(palette, ":root { --ink: #111; }\n");
    expect(await bundleStylesheet([sheet], kept)).toContain("#111");
    await writeFile(palette, ":root { --ink: #222; }\n");
    expect(await bundleStylesheet([sheet], kept)).toContain("#222");
  });

  it("keep nothing without a place to keep it: a build from the command line", async () => {
    const entry = path.join(dir, "alone.ts");
    await writeFile(entry, 'document.title = "clay";\n');
    expect(await bundleBrowserScript(entry)).toContain('"clay"');
    await writeFile(entry, 'document.title = "loam";\n');
    expect(await bundleBrowserScript(entry)).toContain('"loam"');
  });
});
