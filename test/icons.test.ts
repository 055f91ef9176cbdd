// Icons are drawn exactly as Lucide draws them, with its stroke settings moved to the stylesheet.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { STYLESHEET } from "../scripts/pages/assets.ts";
import {
  ICON_STROKE,
  ICON_VIEW_BOX,
  IconDrawingsContext,
  iconDrawing,
  iconDrawings,
  type IconDrawings,
} from "../templates/parts/icon-drawing.ts";
import { iconIn, isIconName, loadIcons, type Icons } from "../scripts/data/icons.ts";
import { TEMPLATE_ICONS } from "../templates/icons.ts";
import { ROOT } from "./support/paths.ts";
import { Icon } from "../templates/parts/Icon.tsx";

const attributesOf = (svg: string) =>
  Object.fromEntries(
    [...(/^<svg([^>]*)>/.exec(svg)?.[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );

describe("icons", () => {
  let icons: Icons;
  let drawings: IconDrawings;
  beforeAll(async () => {
    icons = await loadIcons(["shovel", "droplets"]);
    drawings = iconDrawings(icons);
  });

  it("keep Lucide's drawing and view box, and carry no stroke attributes of their own", () => {
    for (const name of ["shovel", "droplets"]) {
      const lucide = renderToStaticMarkup(createElement(iconIn(icons, name)));
      const ours = renderToStaticMarkup(
        createElement(
          IconDrawingsContext.Provider,
          { value: drawings },
          createElement(Icon, { name, size: 28, className: "icon card-icon" }),
        ),
      );
      expect(ours).toBe(
        `<svg class="lucide icon card-icon" width="28" height="28" viewBox="${ICON_VIEW_BOX}" aria-hidden="true" focusable="false">${iconDrawing(drawings, name)}</svg>`,
      );
      expect(lucide.endsWith(`${iconDrawing(drawings, name)}</svg>`)).toBe(true);
      expect(attributesOf(lucide)).toMatchObject({ viewBox: ICON_VIEW_BOX, ...ICON_STROKE });
    }
  });

  it("get Lucide's stroke settings from the stylesheet's .lucide rule", async () => {
    const css = await readFile(STYLESHEET, "utf8");
    const rule = /\n\.lucide\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
    const declarations = Object.fromEntries(
      rule
        .split(";")
        .map((declaration) => declaration.split(":").map((part) => part.trim()))
        .filter(([property]) => property),
    );
    expect(declarations).toEqual(ICON_STROKE);
  });
});

describe("the templates' own icons", () => {
  /** Icon names written as text in a template: <Icon name="phone"> and { icon: "house", ... }. */
  async function namesWrittenIn(dir: string): Promise<Set<string>> {
    const names = new Set<string>();
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".tsx")) continue;
      const source = await readFile(path.join(entry.parentPath, entry.name), "utf8");
      for (const match of source.matchAll(/<Icon\s[^>]*\bname="([a-z0-9-]+)"|\bicon:\s*"([a-z0-9-]+)"/g))
        names.add(match[1] ?? match[2]!);
    }
    return names;
  }

  it("are listed in templates/icons.ts, exactly the ones the templates write", async () => {
    const written = await namesWrittenIn(path.join(ROOT, "templates"));
    expect([...written].sort()).toEqual([...TEMPLATE_ICONS].sort());
    for (const name of TEMPLATE_ICONS) expect(isIconName(name), name).toBe(true);
  });
});
