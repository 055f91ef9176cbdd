import type { Highlight } from "../../scripts/data/schema.ts";
import { Icon } from "./Icon.tsx";

export function Highlights({ items, label }: { items: Highlight[]; label: string }) {
  return (
    <ul className="highlights" aria-label={label}>
      {items.map((item) => (
        <li key={item.text}>
          <Icon name={item.icon} size={28} />
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
