// Where the town names go on the service-area map, so that no two labels overlap and no label
// covers a dot. The map is drawn at two text sizes (large on phones, small on wide screens, see
// the "Service-area map" section of styles.css). A label keeps one position at both sizes where
// it can, or gets a position per size; where nothing fits at a size it is not shown at that size.
// Positions are written in ems, so a label moves with its text size.

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A text size of the map: town labels are `fontSize` user units tall. */
export interface LabelTier {
  name: "narrow" | "wide";
  fontSize: number;
}

export type Side =
  | "right"
  | "left"
  | "above"
  | "below"
  | "above-leftward"
  | "above-rightward"
  | "below-leftward"
  | "below-rightward"
  | "upper-right"
  | "lower-right"
  | "upper-left"
  | "lower-left";

/**
 * Sides in the order they are tried: beside the dot reads best, then centred above or below it,
 * then above or below it but reaching out to one side (still over the dot), then the corners.
 */
const SIDES: readonly Side[] = [
  "right",
  "left",
  "above",
  "below",
  "above-leftward",
  "above-rightward",
  "below-leftward",
  "below-rightward",
  "upper-right",
  "lower-right",
  "upper-left",
  "lower-left",
];

interface LabelLine {
  text: string;
  /** Size relative to the label's font size. */
  scale: number;
  /** A second line that only the wide size has room for ("Home base"). Never the first line. */
  wideOnly?: boolean;
}

export interface LabelRequest {
  id: string;
  x: number;
  y: number;
  /** Radius of the mark at the dot, in ems of the label's font size. */
  markEm: number;
  lines: LabelLine[];
}

interface PlacedLine extends LabelLine {
  /** Offset of the line's anchor from the dot, in ems of the line's own font size. */
  dxEm: number;
  /** Offset of the line's baseline from the previous line's (the dot's centre for the first line), in the line's ems. */
  dyEm: number;
}

/** One way of showing a label, at one or both text sizes. */
export interface LabelVariant {
  side: Side;
  anchor: "start" | "middle" | "end";
  /** The sizes at which this variant is shown. */
  tiers: LabelTier["name"][];
  lines: PlacedLine[];
}

export interface PlacedLabel {
  id: string;
  /** One variant for both sizes where one position fits both; otherwise one per size that fits. */
  variants: LabelVariant[];
}

const GAP_EM = 0.15;
const LINE_GAP_EM = 0.05;
/**
 * A line's box is the font's own: its full ascent above the baseline and descent below, as
 * browsers measure text (common system fonts: about 0.93 and 0.24 em).
 */
const ASCENT = 0.93;
const DESCENT = 0.24;
const DESCENDERS = /[gjpqy,;]/;
/** Air kept around a mark, in ems. */
const MARK_PAD_EM = 0.08;

// Advance widths in ems, close to the widest common system sans-serif in bold (DejaVu Sans Bold,
// Linux's usual system-ui), so that labels clear each other in any browser's font.
const NARROWEST = new Set("ijl.,'’I");
const NARROW = new Set("rtf ");
const WIDE = new Set("mwMW");
/** Room each side of a label for its white halo. */
const HALO_EM = 0.12;

export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (NARROWEST.has(char)) width += 0.36;
    else if (NARROW.has(char)) width += 0.5;
    else if (WIDE.has(char)) width += 1;
    else if (char >= "A" && char <= "Z") width += 0.77;
    else width += 0.68;
  }
  return width;
}

const GROWS_UP = new Set<Side>(["above", "above-leftward", "above-rightward", "upper-right", "upper-left"]);

interface LineLayout {
  line: LabelLine;
  /** Anchor x and baseline y relative to the dot, in ems of the label's font size. */
  x: number;
  baseline: number;
  box: Box;
}

/**
 * The lines of a label on one side of its dot, in ems of the label's font size. The first line
 * sits beside the dot; further lines stack away from the dot, so the first line stays put when
 * they are hidden.
 */
function layout(request: LabelRequest, side: Side): { anchor: LabelVariant["anchor"]; lines: LineLayout[] } {
  const [first, ...rest] = request.lines;
  if (!first) throw new Error(`label ${request.id} has no text`);
  const r = request.markEm + GAP_EM;
  const diagonal = request.markEm * 0.75 + GAP_EM * 0.5;
  const firstHeight = (ASCENT + DESCENT) * first.scale;
  // Above its mark, a line with no descenders may let the empty bottom of its box reach down
  // over the mark's side of the gap: the letters themselves stay clear of the mark.
  const overhang = DESCENDERS.test(first.text) ? 0 : DESCENT * first.scale;
  const placement: Record<Side, { anchor: LabelVariant["anchor"]; x: number; top: number }> = {
    right: { anchor: "start", x: r, top: -firstHeight / 2 },
    left: { anchor: "end", x: -r, top: -firstHeight / 2 },
    above: { anchor: "middle", x: 0, top: -r - firstHeight + overhang },
    below: { anchor: "middle", x: 0, top: r },
    "above-leftward": { anchor: "end", x: r, top: -r - firstHeight + overhang },
    "above-rightward": { anchor: "start", x: -r, top: -r - firstHeight + overhang },
    "below-leftward": { anchor: "end", x: r, top: r },
    "below-rightward": { anchor: "start", x: -r, top: r },
    "upper-right": { anchor: "start", x: diagonal, top: -diagonal - firstHeight + overhang },
    "upper-left": { anchor: "end", x: -diagonal, top: -diagonal - firstHeight + overhang },
    "lower-right": { anchor: "start", x: diagonal, top: diagonal },
    "lower-left": { anchor: "end", x: -diagonal, top: diagonal },
  };
  const { anchor, x, top } = placement[side];
  const boxOf = (line: LabelLine, lineTop: number): LineLayout => {
    const width = textWidthEm(line.text) * line.scale;
    const x0 = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
    const height = (ASCENT + DESCENT) * line.scale;
    return {
      line,
      x,
      baseline: lineTop + ASCENT * line.scale,
      box: { x0: x0 - HALO_EM, y0: lineTop, x1: x0 + width + HALO_EM, y1: lineTop + height },
    };
  };
  const lines = [boxOf(first, top)];
  for (const line of rest) {
    const previous = lines.at(-1)!;
    const height = (ASCENT + DESCENT) * line.scale;
    const lineTop = GROWS_UP.has(side) ? previous.box.y0 - LINE_GAP_EM - height : previous.box.y1 + LINE_GAP_EM;
    lines.push(boxOf(line, lineTop));
  }
  return { anchor, lines };
}

export function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}

/** The label's box relative to its dot, in ems of its font size (wide-only lines count only when wide). */
export function labelBoxEm(request: LabelRequest, side: Side, tier: LabelTier["name"]): Box {
  const shown = layout(request, side).lines.filter(({ line }) => tier === "wide" || !line.wideOnly);
  return union(shown.map((line) => line.box));
}

/** The label's box on the map, in user units, at a text size. */
export function labelBox(request: LabelRequest, side: Side, tier: LabelTier): Box {
  const box = labelBoxEm(request, side, tier.name);
  return {
    x0: request.x + box.x0 * tier.fontSize,
    y0: request.y + box.y0 * tier.fontSize,
    x1: request.x + box.x1 * tier.fontSize,
    y1: request.y + box.y1 * tier.fontSize,
  };
}

/** The box a dot covers at a text size, with a little air around it. */
export function markBox(request: Pick<LabelRequest, "x" | "y" | "markEm">, fontSize: number): Box {
  const r = (request.markEm + MARK_PAD_EM) * fontSize;
  return { x0: request.x - r, y0: request.y - r, x1: request.x + r, y1: request.y + r };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function inside(box: Box, bounds: Box): boolean {
  return box.x0 >= bounds.x0 && box.y0 >= bounds.y0 && box.x1 <= bounds.x1 && box.y1 <= bounds.y1;
}

function placedLines(request: LabelRequest, side: Side): PlacedLine[] {
  let previousBaseline = 0;
  return layout(request, side).lines.map(({ line, x, baseline }) => {
    const placed = { ...line, dxEm: x / line.scale, dyEm: (baseline - previousBaseline) / line.scale };
    previousBaseline = baseline;
    return placed;
  });
}

export interface PlacerInput {
  /** The narrow (phone) size first, then the wide size. */
  tiers: readonly [LabelTier, LabelTier];
  /** Where labels must stay, in user units. */
  bounds: Box;
  /** Every dot on the map: no label may cover one. */
  marks: Pick<LabelRequest, "id" | "x" | "y" | "markEm">[];
  /** What else labels must not cover at each size (the inset, the scale bar). */
  obstacles: (tier: LabelTier) => Box[];
}

/**
 * Hands out space on the map. Each label, in the order asked, takes the first side where it
 * collides with nothing at either size; failing that, the first free side at each size on its
 * own; a label that fits nowhere is left out (its dot and link remain).
 */
export class LabelPlacer {
  private readonly taken: Map<LabelTier["name"], Box[]>;
  private readonly marks: Map<LabelTier["name"], { id: string; box: Box }[]>;

  constructor(private readonly input: PlacerInput) {
    this.taken = new Map(input.tiers.map((tier) => [tier.name, input.obstacles(tier)]));
    this.marks = new Map(
      input.tiers.map((tier) => [
        tier.name,
        input.marks.map((mark) => ({ id: mark.id, box: markBox(mark, tier.fontSize) })),
      ]),
    );
  }

  /**
   * Whether a box is clear of other labels, obstacles and marks at a size. A label's own mark is
   * kept clear by the offsets of layout(), which a box test would judge too strictly on diagonals.
   */
  isFree(box: Box, tier: LabelTier, ownMark?: string): boolean {
    return (
      inside(box, this.input.bounds) &&
      !(this.taken.get(tier.name) ?? []).some((other) => overlaps(box, other)) &&
      !(this.marks.get(tier.name) ?? []).some((mark) => mark.id !== ownMark && overlaps(box, mark.box))
    );
  }

  occupy(box: Box, tier: LabelTier): void {
    this.taken.get(tier.name)?.push(box);
  }

  place(request: LabelRequest): PlacedLabel | undefined {
    const fits = (side: Side, tier: LabelTier) => this.isFree(labelBox(request, side, tier), tier, request.id);
    const both = SIDES.find((side) => this.input.tiers.every((tier) => fits(side, tier)));
    const choices: { side: Side; tiers: LabelTier[] }[] = both
      ? [{ side: both, tiers: [...this.input.tiers] }]
      : this.input.tiers.flatMap((tier) => {
          const side = SIDES.find((candidate) => fits(candidate, tier));
          return side ? [{ side, tiers: [tier] }] : [];
        });
    if (choices.length === 0) return undefined;
    const variants = choices.map(({ side, tiers }) => {
      for (const tier of tiers) this.occupy(labelBox(request, side, tier), tier);
      const isWide = tiers.some((tier) => tier.name === "wide");
      return {
        side,
        anchor: layout(request, side).anchor,
        tiers: tiers.map((tier) => tier.name),
        lines: placedLines(request, side).filter((line) => isWide || !line.wideOnly),
      };
    });
    return { id: request.id, variants };
  }
}
