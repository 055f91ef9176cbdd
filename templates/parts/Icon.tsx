import { iconComponent } from "../../scripts/icons.ts";

/** A decorative Lucide icon: hidden from assistive technology, sized so it never shifts layout. */
export function Icon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  const Component = iconComponent(name);
  return (
    <Component
      size={size}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className ?? "icon"}
    />
  );
}
