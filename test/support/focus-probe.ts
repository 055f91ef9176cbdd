// Functions that run inside the page (through page.evaluate) to see what keyboard focus shows.
// Each is self-contained: Playwright sends only the function's own source to the browser.

export interface FocusStop {
  /** Tag and text of the focused element, for messages. */
  label: string;
  /** The element's position in the document tree: equal keys are the same element. */
  key: string;
  /** Nothing is focused in the document (focus left it for the browser's own controls). */
  none: boolean;
  /** Focus is inside a frame: its document, not this one, draws the indicator. */
  inFrame: boolean;
  /** In document coordinates. */
  box: { left: number; top: number; width: number; height: number };
  /** Where the element begins: the first line's box of a link that wraps, else the whole box. */
  start: { left: number; top: number; width: number; height: number };
  /**
   * The outermost <svg> the element is drawn in, if any: inside a graphic such as a map, places
   * are where the geography puts them and have no reading order of their own.
   */
  graphic?: { key: string; box: { left: number; top: number; width: number; height: number } };
  outline: { style: string; width: number; colour: string; offset: number };
  /**
   * The colours right next to the focus ring, sampled where the ring is drawn. Each entry lists
   * the backgrounds painted there, nearest first, down to the first opaque one.
   */
  adjacent: string[][];
  /** The element's visible part is hidden under something else (WCAG 2.4.11). */
  obscured: boolean;
  /**
   * Inside a position: fixed box (the phone call bar): its place is an edge of the screen, not a
   * point in the page's flow, so it has no reading order to keep with the page.
   */
  fixed: boolean;
}

/** Describes document.activeElement. */
export function probeFocus(): FocusStop {
  const keyOf = (element: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.documentElement; node = node.parentElement) {
      const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
      parts.unshift(`${node.tagName.toLowerCase()}:${index}`);
    }
    return parts.join(">");
  };
  const backgroundsAt = (start: Element | null): string[] => {
    const layers: string[] = [];
    for (let node = start; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const gradient = style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [];
      const painted = [...gradient.filter((colour) => !/,\s*0\)$/.test(colour)), style.backgroundColor].filter(
        (colour) => colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent",
      );
      layers.push(...painted);
      // A gradient or a colour without alpha covers everything beneath it.
      if (gradient.length > 0 || /^rgb\(/.test(style.backgroundColor)) return layers;
    }
    return layers;
  };

  const element = document.activeElement;
  const empty = { left: 0, top: 0, width: 0, height: 0 };
  if (!element || element === document.body || element === document.documentElement) {
    return {
      label: "(nothing)",
      key: "",
      none: true,
      inFrame: false,
      box: empty,
      start: empty,
      outline: { style: "none", width: 0, colour: "", offset: 0 },
      adjacent: [],
      obscured: false,
      fixed: false,
    };
  }
  // Where the ring is drawn: on the element itself, or, for a link inside a drawing (the map's
  // towns), on the shape in it that carries the ring, since WebKit draws no outline on an SVG <a>.
  const ringElement =
    (element instanceof SVGElement
      ? [...element.querySelectorAll("*")].find(
          (shape) => getComputedStyle(shape).outlineStyle !== "none" && shape.getClientRects().length > 0,
        )
      : undefined) ?? element;
  const style = getComputedStyle(ringElement);
  const rect = element.getBoundingClientRect();
  const ringBox = ringElement.getBoundingClientRect();
  const text = (element.getAttribute("aria-label") ?? (element as HTMLElement).innerText ?? element.textContent ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const outline = {
    style: style.outlineStyle,
    width: Number.parseFloat(style.outlineWidth) || 0,
    colour: style.outlineColor,
    offset: Number.parseFloat(style.outlineOffset) || 0,
  };

  // Sample just outside the ring's middle on each side, and inside it when the ring touches the
  // element, then read what is painted at those points beneath the focused element.
  const ring = outline.offset + outline.width / 2;
  const midX = ringBox.left + ringBox.width / 2;
  const midY = ringBox.top + ringBox.height / 2;
  const points: [number, number][] = [
    [ringBox.left - ring, midY],
    [ringBox.right + ring, midY],
    [midX, ringBox.top - ring],
    [midX, ringBox.bottom + ring],
  ];
  const adjacent: string[][] = [];
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const beneath = document.elementsFromPoint(x, y).find((hit) => hit !== element && !element.contains(hit));
    adjacent.push(backgroundsAt(beneath ?? document.body));
  }
  if (outline.offset <= 0) adjacent.push(backgroundsAt(element));

  // Not entirely hidden (WCAG 2.4.11) if some point of the on-screen part of one of its boxes
  // (a link wrapped over two lines has two) shows the element itself. A grid of points, because
  // the middle of a graphic's box may be empty.
  const visible = [...element.getClientRects()].some((box) => {
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, innerHeight);
    if (right <= left || bottom <= top) return false;
    for (const fx of [0.5, 0.1, 0.3, 0.7, 0.9]) {
      for (const fy of [0.5, 0.2, 0.8]) {
        const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
        if (hit && (hit === element || element.contains(hit))) return true;
      }
    }
    return false;
  });

  let outermostSvg: Element | null = null;
  for (let node = element.parentElement; node; node = node.parentElement)
    if (node.tagName.toLowerCase() === "svg") outermostSvg = node;
  const svgBox = outermostSvg?.getBoundingClientRect();
  const graphic =
    outermostSvg && svgBox
      ? {
          key: keyOf(outermostSvg),
          box: { left: svgBox.left + scrollX, top: svgBox.top + scrollY, width: svgBox.width, height: svgBox.height },
        }
      : undefined;

  return {
    graphic,
    label: `${element.tagName.toLowerCase()} "${text.slice(0, 50)}"`,
    key: keyOf(element),
    none: false,
    inFrame: element.tagName === "IFRAME",
    box: { left: rect.left + scrollX, top: rect.top + scrollY, width: rect.width, height: rect.height },
    start: (() => {
      const first = element.getClientRects()[0] ?? rect;
      return { left: first.left + scrollX, top: first.top + scrollY, width: first.width, height: first.height };
    })(),
    outline,
    adjacent,
    obscured: !visible,
    fixed: (() => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === "fixed") return true;
      }
      return false;
    })(),
  };
}

/** Keys of the elements the Tab key should reach, in document order. */
export function tabbableKeys(): string[] {
  const keyOf = (element: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.documentElement; node = node.parentElement) {
      const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
      parts.unshift(`${node.tagName.toLowerCase()}:${index}`);
    }
    return parts.join(">");
  };
  const candidates = document.querySelectorAll<HTMLElement>(
    "a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]",
  );
  return [...candidates]
    .filter((element) => {
      if (element.tabIndex < 0 || element.matches(":disabled") || element.closest("[inert]")) return false;
      const style = getComputedStyle(element);
      return element.getClientRects().length > 0 && style.visibility === "visible";
    })
    .map(keyOf);
}

/** A box of a pointer target, for the target size rule. */
export interface TargetBox {
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
  inSentence: boolean;
}

/** Every pointer target in `scope`, with whether it sits inline in a sentence of other text. */
export function pointerTargets(scope = "body"): TargetBox[] {
  const isInline = (element: Element) => getComputedStyle(element).display === "inline";
  // The text of the block that holds `target`, without the target itself and without nested
  // blocks (a heading or a list beside a link is not the link's sentence).
  const surroundingText = (target: Element): string => {
    let block: Element | null = target.parentElement;
    while (block && isInline(block)) block = block.parentElement;
    if (!block) return "";
    const collect = (node: Node): string => {
      if (node === target) return "";
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
      if (node instanceof Element && node !== block && !isInline(node)) return "";
      return [...node.childNodes].map(collect).join("");
    };
    return collect(block);
  };
  const selector =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [tabindex]:not([tabindex='-1'])";
  return [...document.querySelectorAll(`${scope} :is(${selector})`)].flatMap((element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // Not rendered, or parked off-screen until focused (the skip link).
    if (rect.width === 0 || rect.height === 0 || style.visibility !== "visible") return [];
    if (rect.bottom + scrollY <= 0 || rect.right + scrollX <= 0) return [];
    const text = ((element as HTMLElement).innerText ?? element.textContent ?? "").replace(/\s+/g, " ").trim();
    return [
      {
        label: `${element.tagName.toLowerCase()} "${text.slice(0, 50)}"`,
        left: rect.left + scrollX,
        top: rect.top + scrollY,
        width: rect.width,
        height: rect.height,
        inSentence: style.display === "inline" && /[a-z]{2,}/i.test(surroundingText(element)),
      },
    ];
  });
}
