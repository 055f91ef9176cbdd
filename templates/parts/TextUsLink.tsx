import type { TextLink } from "../../scripts/data/model.ts";
import { Icon } from "./Icon.tsx";

/**
 * The link that opens the phone's messages app to the number for texts, with the estimate request
 * started (scripts/data/model.ts, textLink). It takes the classes of the Call link beside it, so
 * it has the same size, colours and focus ring. It reads "Text us at (217) 555-0163"; `short`
 * shows only "Text", where room is scarce (the call bar).
 */
export function TextUsLink({
  text,
  className,
  short = false,
  icon = false,
}: {
  text: TextLink;
  className: string;
  short?: boolean;
  icon?: boolean;
}) {
  const hidden = ` at ${text.display}`;
  return (
    <a className={className} href={text.href}>
      {icon ? <Icon name="message-square" size={20} /> : null}
      Text
      {short ? (
        <span className="visually-hidden"> us{hidden}</span>
      ) : (
        <>
          {" "}
          us<span className="visually-hidden">{hidden}</span>
        </>
      )}
    </a>
  );
}
