// The Lucide icons the templates draw by name, besides the ones the data names (service and
// highlight icons). Icons are loaded before rendering, so every name a template writes must be
// here; test/icons.test.ts reads the templates and holds this list to exactly what they use.
export const TEMPLATE_ICONS = [
  "shovel",
  "menu",
  "x",
  "phone",
  "message-square",
  "map-pin",
  "clock",
  "circle-check",
  "lightbulb",
] as const;
