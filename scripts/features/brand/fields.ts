// The business's own marks and colour in site.yaml, the fields the brand feature adds after
// `editor`: the logo, the browser tab's icon and the accent colour, their rules and their labels
// in the editor. The logo and the icon are files of data/brand/, read and checked when the data is
// loaded (data/marks.ts, each refusal at its field); an accent that button text cannot be read on
// is refused with the nearest colour of its hue that passes (data/accent.ts). schema.ts places the
// fields (features/fields.ts lists this module), so this file reads no schema of the core.
import { z } from "zod";
import type { FeatureFields } from "../../data/extension.ts";
import { HEX_COLOUR, text } from "../../data/fields.ts";
import { accentProblem } from "./data/accent.ts";
import { BRAND_FILE, BRAND_FOLDER, readMarks } from "./data/marks.ts";

const accent = z
  .string()
  .regex(HEX_COLOUR, 'a colour as # and six hex digits, in double quotes, such as "#1f6feb"')
  .superRefine((colour, context) => {
    const problem = HEX_COLOUR.test(colour) ? accentProblem(colour) : undefined;
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const brandFields = {
  feature: "brand",
  site: {
    after: "editor",
    shape: {
      logo: z
        .strictObject({
          file: z
            .string()
            .regex(BRAND_FILE, "a logo in data/brand/ (SVG, PNG or WebP), such as brand/logo.svg")
            .describe(
              "The logo's file, in data/brand/: an SVG, or a PNG or WebP at least 80 pixels tall; from square to four times as wide as tall. The header shows it 40 pixels tall, in place of the shovel and the name",
            ),
          alt: text(2, 80)
            .describe("Optional: the words of the logo, for visitors who cannot see it; the business name unless given")
            .optional(),
        })
        .describe(
          "Optional: the business's logo, in the header of every page, on the link previews and for search engines",
        )
        .optional(),
      icon: z
        .string()
        .regex(BRAND_FILE, "a square icon in data/brand/ (SVG, PNG or WebP), such as brand/icon.svg")
        .describe(
          "Optional: the icon of the browser tab, in data/brand/: a square SVG, or a square PNG or WebP at least 64 pixels (512 is best). Without it, the shovel",
        )
        .optional(),
      accent: accent
        .describe(
          'Optional: the colour of the buttons, in double quotes, such as "#1f6feb"; the links and the focus ring are made from it. Refused when text cannot be read on it',
        )
        .optional(),
    },
  },
  // site.yaml's icon is the tab's (a highlight's is an icon of the pages'); the logo's file is the logo.
  labels: {
    accent: "Accent colour",
    "site.icon": "Browser tab icon",
    "logo.file": "Logo",
    "logo.alt": "The logo's words",
  },
  // Into data/brand/, beside the data files rather than among the photos: SVG, PNG or WebP, saved as they are.
  folder: { name: BRAND_FOLDER, pattern: BRAND_FILE, accept: "image/svg+xml,image/png,image/webp", read: readMarks },
  buttonColour: "accent",
} satisfies FeatureFields;
