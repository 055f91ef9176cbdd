import type { ReactNode } from "react";
import type { HeroImage } from "../../scripts/site/photos.ts";
import { Band } from "./Section.tsx";

/**
 * The owner's photo at the top of a page (site/photos.ts): a <picture> of AVIF, then WebP, then
 * JPEG, for a phone and for a larger screen, with its width and height, so that its box is kept
 * from the first paint. Never lazy: the page's <head> has asked for it already (templates/Layout.tsx),
 * and fetchpriority says it comes before anything else the page loads.
 */
function HeroPhoto({ hero }: { hero: HeroImage }) {
  return (
    <picture className="hero-photo">
      {hero.sources.map((source) => (
        <source
          key={`${source.media} ${source.type}`}
          media={source.media}
          type={source.type}
          srcSet={source.srcset}
          sizes={hero.sizes}
        />
      ))}
      <img
        src={hero.src}
        srcSet={hero.srcset}
        sizes={hero.sizes}
        width={hero.width}
        height={hero.height}
        alt={hero.alt}
        fetchPriority="high"
      />
    </picture>
  );
}

/**
 * The top of a page: the home page's dark hero, or the light head of every other public page. With
 * a photo, the photo is a band above the heading on a phone, and lies behind it on a larger screen,
 * where the heading and buttons sit on a dark panel (`has-photo`, styled by the rules
 * pages/assets.ts adds for it). Without one, the markup is the page's own as it always was.
 */
export function PageTop({
  kind,
  hero,
  labelledBy,
  inner,
  children,
}: {
  kind: "hero" | "page-head";
  /** The owner's photo at the top, when the page's row names one (the home, service and town pages). */
  hero?: HeroImage | undefined;
  /** The id of the heading that names the section (the home page's hero). */
  labelledBy?: string;
  /** Classes of the column besides `container` (`narrow`). */
  inner?: string;
  children: ReactNode;
}) {
  return (
    <Band
      className={hero ? `${kind} has-photo` : kind}
      inner={inner}
      labelledBy={labelledBy}
      before={hero ? <HeroPhoto hero={hero} /> : null}
    >
      {hero ? <div className="hero-panel">{children}</div> : children}
    </Band>
  );
}
