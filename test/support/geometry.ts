// Layout rules checked on element boxes measured in the browser: that focus moves in reading
// order, and WCAG 2.5.8 Target Size (Minimum).

export interface Box {
  /** What the box belongs to, for messages. */
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Boxes a few pixels apart still count as in order: borders and rounding shift edges slightly. */
const ORDER_TOLERANCE = 4;

function onSameLine(a: Box, b: Box): boolean {
  const overlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return overlap >= Math.min(a.height, b.height) / 2;
}

/**
 * Where moving focus from `a` to `b` goes against the reading order of a left-to-right page:
 * along a line it must move right; otherwise down; and up only into a column that starts to
 * the right of `a` (the next column of a multi-column layout, read top to bottom).
 */
export function readingOrderBreak(a: Box, b: Box): string | undefined {
  if (onSameLine(a, b)) {
    return b.left >= a.left - ORDER_TOLERANCE ? undefined : `${b.label} is left of ${a.label} on the same line`;
  }
  if (b.top >= a.top - ORDER_TOLERANCE) return undefined;
  return b.left >= a.left + a.width - ORDER_TOLERANCE ? undefined : `${b.label} is above and not right of ${a.label}`;
}

/** Every step of a focus sequence that goes against the reading order. */
export function readingOrderBreaks(sequence: Box[]): string[] {
  return sequence.slice(1).flatMap((box, index) => {
    const previous = sequence[index];
    const problem = previous && readingOrderBreak(previous, box);
    return problem ? [problem] : [];
  });
}

export interface Target extends Box {
  /** An inline link or control within a sentence of other text: exempt from 2.5.8. */
  inSentence: boolean;
}

const MIN_TARGET = 24;

const isUndersized = (target: Box) => target.width < MIN_TARGET || target.height < MIN_TARGET;
const centre = (box: Box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

function circleMeetsBox(circle: { x: number; y: number }, radius: number, box: Box): boolean {
  const nearestX = Math.min(Math.max(circle.x, box.left), box.left + box.width);
  const nearestY = Math.min(Math.max(circle.y, box.top), box.top + box.height);
  return Math.hypot(circle.x - nearestX, circle.y - nearestY) < radius;
}

/**
 * The targets that fail WCAG 2.5.8: smaller than 24 × 24 px, not in a sentence, and not spaced
 * out either. The spacing exception: a 24 px circle centred on the undersized target must not
 * intersect another target, nor the 24 px circle of another undersized target.
 */
export function targetSizeFailures(targets: Target[]): string[] {
  const radius = MIN_TARGET / 2;
  return targets.flatMap((target) => {
    if (target.inSentence || !isUndersized(target)) return [];
    const here = centre(target);
    const crowding = targets.find((other) => {
      if (other === target) return false;
      if (circleMeetsBox(here, radius, other)) return true;
      if (!isUndersized(other) || other.inSentence) return false;
      const there = centre(other);
      return Math.hypot(here.x - there.x, here.y - there.y) < MIN_TARGET;
    });
    if (!crowding) return [];
    const size = `${Math.round(target.width)}×${Math.round(target.height)} px`;
    return [`${target.label} (${size}) is too close to ${crowding.label}`];
  });
}
