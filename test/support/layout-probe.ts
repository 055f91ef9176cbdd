// Functions that run inside the page (through page.evaluate) to find content that is cut off or
// pushes the page sideways. Each is self-contained: Playwright sends only its own source.

/** Elements holding text that reach past the left or right edge of the window. */
export function textPastWindowEdges(): string[] {
  // Text inside a 1 px clipped box is hidden from sight on purpose (the visually-hidden pattern).
  const insideHiddenBox = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const box = node.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1 && getComputedStyle(node).overflow !== "visible") return true;
    }
    return false;
  };
  const problems: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || seen.has(element) || !node.textContent?.trim()) continue;
    seen.add(element);
    if (insideHiddenBox(element)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      if (box.width === 0 || box.height === 0) continue;
      // Parked above the page on purpose (the skip link until focused).
      if (box.bottom + scrollY <= 0) continue;
      if (box.left < -1 || box.right > document.documentElement.clientWidth + 1) {
        problems.push(
          `${element.tagName.toLowerCase()} "${node.textContent.trim().slice(0, 40)}" spans ${Math.round(box.left)}-${Math.round(box.right)} px`,
        );
        break;
      }
    }
  }
  return problems;
}

/**
 * Text that does not fit: a box that clips or scrolls its content because it is too small for it,
 * or text spilling out of the block that holds it over whatever follows. Text inside a 1 px
 * clipped box is hidden on purpose (the visually-hidden pattern).
 */
export function clippedText(): string[] {
  const TOLERANCE = 1;
  const describe = (element: Element, text: string) =>
    `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ")[0]}` : ""} "${text.replace(/\s+/g, " ").trim().slice(0, 40)}"`;
  const problems: string[] = [];

  for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
    const style = getComputedStyle(element);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    if (element.clientWidth <= 1 || element.clientHeight <= 1 || !element.innerText?.trim()) continue;
    const overflowX = element.scrollWidth - element.clientWidth;
    const overflowY = element.scrollHeight - element.clientHeight;
    if (overflowX > TOLERANCE || overflowY > TOLERANCE) {
      problems.push(
        `${describe(element, element.innerText)} cuts off ${overflowX}×${overflowY} px (overflow ${style.overflow})`,
      );
    }
  }

  const blockOf = (element: Element): Element => {
    let block = element;
    while (block.parentElement && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    return block;
  };
  const inHiddenBox = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const box = node.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1 && getComputedStyle(node).overflow !== "visible") return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || parent.closest("svg") || inHiddenBox(parent)) continue;
    const block = blockOf(parent);
    const outer = block.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(node);
    const spill = [...range.getClientRects()].find(
      (box) =>
        box.width > 0 &&
        (box.left < outer.left - TOLERANCE ||
          box.right > outer.right + TOLERANCE ||
          box.top < outer.top - TOLERANCE ||
          box.bottom > outer.bottom + TOLERANCE),
    );
    if (spill) {
      problems.push(
        `${describe(parent, node.textContent)} spills out of ${describe(block, "")} (${Math.round(spill.width)}×${Math.round(spill.height)} px in ${Math.round(outer.width)}×${Math.round(outer.height)} px)`,
      );
    }
  }
  return problems;
}
