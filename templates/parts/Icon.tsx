import { useContext } from "react";
import { ICON_VIEW_BOX, IconDrawingsContext, iconDrawing } from "./icon-drawing.ts";

/**
 * A decorative Lucide icon: hidden from assistive technology, sized so it never shifts layout.
 * The class "lucide" carries the stroke settings (styles.css, section "Icons").
 */
export function Icon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  const drawings = useContext(IconDrawingsContext);
  return (
    <svg
      className={`lucide ${className ?? "icon"}`}
      width={size}
      height={size}
      viewBox={ICON_VIEW_BOX}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: iconDrawing(drawings, name) }}
    />
  );
}
