// Compact SVG path data from d3-geo: whole map units and relative steps ("l3-2" instead of
// "L512.3461,404.9922"), repeated points dropped. On a 1000-unit-wide map a unit is about a tenth
// of a mile, far below what a screen shows, and the paths come out several times smaller.
import { geoPath, type GeoPermissibleObjects, type GeoStreamWrapper } from "d3-geo";

/** The part of CanvasRenderingContext2D that d3-geo's geoPath draws with. */
class CompactPathContext {
  constructor(private readonly minStep: number) {}

  private parts: string[] = [];
  private x = 0;
  private y = 0;
  /** A move is written only once a line follows it, so rings clipped to a point vanish. */
  private pendingMove: string | undefined;

  moveTo(x: number, y: number): void {
    this.x = Math.round(x);
    this.y = Math.round(y);
    this.pendingMove = `M${this.x} ${this.y}`;
  }

  lineTo(x: number, y: number): void {
    const nextX = Math.round(x);
    const nextY = Math.round(y);
    const dx = nextX - this.x;
    const dy = nextY - this.y;
    if (Math.abs(dx) + Math.abs(dy) < this.minStep || (dx === 0 && dy === 0)) return;
    if (this.pendingMove) {
      this.parts.push(this.pendingMove);
      this.pendingMove = undefined;
    }
    this.parts.push(`l${dx}${dy < 0 ? "" : " "}${dy}`);
    this.x = nextX;
    this.y = nextY;
  }

  closePath(): void {
    if (this.pendingMove) this.pendingMove = undefined;
    else this.parts.push("z");
  }

  /** Points are drawn as circles by the templates, never by the path. */
  arc(): void {}

  toString(): string {
    return this.parts.join("");
  }
}

/**
 * The SVG path data of a GeoJSON object under the projection, in whole units. With minStep, points
 * closer than that to the last one kept are dropped: enough simplification for a small drawing.
 */
export function compactPath(projection: GeoStreamWrapper, object: GeoPermissibleObjects, minStep = 1): string {
  const context = new CompactPathContext(minStep);
  geoPath(projection, context as unknown as CanvasRenderingContext2D)(object);
  return context.toString();
}
