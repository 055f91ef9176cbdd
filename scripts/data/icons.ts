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

const loaded = new Map<string, LucideIcon>();

/** Loads the given icons so that templates can render them synchronously. */
export async function loadIcons(names: Iterable<string>): Promise<void> {
  const wanted = [...new Set(names)].filter((name) => !loaded.has(name));
  await Promise.all(
    wanted.map(async (name) => {
      const importer = importers[name];
      if (!importer) throw new Error(`Unknown icon "${name}"`);
      const module = await importer();
      loaded.set(name, module.default);
    }),
  );
}

export function iconComponent(name: string): LucideIcon {
  const component = loaded.get(name);
  if (!component) throw new Error(`Icon "${name}" was not loaded before rendering`);
  return component;
}
