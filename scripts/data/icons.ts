// Icon names in the data are Lucide's kebab-case names ("hard-hat"), the names lucide.dev shows.
// Only the icons the data uses are loaded, before rendering starts.
import dynamicIconImports from "lucide-react/dynamicIconImports";
import type { LucideIcon } from "lucide-react";

const importers = dynamicIconImports as unknown as Record<
  string,
  () => Promise<{ default: LucideIcon }>
>;

export const iconNames: readonly string[] = Object.keys(importers).sort();

export function isIconName(name: string): boolean {
  return Object.hasOwn(importers, name);
}

/** A build's icons by name, loaded before rendering, so that templates can render them synchronously. */
export type Icons = ReadonlyMap<string, LucideIcon>;

/** Loads the given icons. */
export async function loadIcons(names: Iterable<string>): Promise<Icons> {
  return new Map(
    await Promise.all(
      [...new Set(names)].map(async (name): Promise<[string, LucideIcon]> => {
        const importer = importers[name];
        if (!importer) throw new Error(`Unknown icon "${name}"`);
        return [name, (await importer()).default];
      }),
    ),
  );
}

/** The icon `name` among `icons`. */
export function iconIn(icons: Icons, name: string): LucideIcon {
  const component = icons.get(name);
  if (!component) throw new Error(`Icon "${name}" was not loaded before rendering`);
  return component;
}
