// esbuild's bundles (lib/bundle.ts), made again in the same process only when a file they were made
// from changed: the dev server rebuilds on every save.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleBrowserScript, bundleStylesheet } from "../scripts/lib/bundle.ts";

const dir = await mkdtemp(path.join(tmpdir(), "site-bundle-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("bundles made again in one process", () => {
  it("follow a change to a script the entry imports, and to the values defined", async () => {
    const entry = path.join(dir, "entry.ts");
    const part = path.join(dir, "part.ts");
    await writeFile(entry, 'import { word } from "./part.ts";\ndocument.title = word + GREETING;\n');
    await writeFile(part, 'export const word = "gravel";\n');
    const first = await bundleBrowserScript(entry, { define: { GREETING: '"!"' } });
    expect(first).toContain('"gravel"');
    expect(await bundleBrowserScript(entry, { define: { GREETING: '"!"' } })).toBe(first);
    await writeFile(part, 'export const word = "topsoil";\n');
    expect(await bundleBrowserScript(entry, { define: { GREETING: '"!"' } })).toContain('"topsoil"');
    expect(await bundleBrowserScript(entry, { define: { GREETING: '"?"' } })).toContain('"?"');
  });

  it("follow a change to a stylesheet an entry imports", async () => {
    const sheet = path.join(dir, "site.css");
    const palette = path.join(dir, "palette.css");
    await writeFile(sheet, '@import "./palette.css";\nbody { color: var(--ink); }\n');
    await writeFile(palette, ":root { --ink: #111; }\n");
    expect(await bundleStylesheet(sheet)).toContain("#111");
    await writeFile(palette, ":root { --ink: #222; }\n");
    expect(await bundleStylesheet(sheet)).toContain("#222");
  });
});
