import type { GalleryPhoto } from "../../scripts/site/photos.ts";
import { Picture } from "./Picture.tsx";
import { Section } from "../parts/Section.tsx";

/** The gallery is a column on phones, two side by side from 40rem, three from 64rem. */
export const GALLERY_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2rem)";

/**
 * Photos of the work on a service, town or job page, below the fold: each in a <picture> (AVIF,
 * WebP, then JPEG) with its width and height, so nothing moves when it arrives, loaded only as the
 * visitor scrolls near it. Nothing opens; there is nothing to reach by keyboard.
 */
export function Gallery({ photos, heading }: { photos: GalleryPhoto[]; heading: string }) {
  if (photos.length === 0) return null;
  return (
    <Section variant="gallery" labelledBy="gallery-heading">
      <h2 id="gallery-heading">{heading}</h2>
      <div className="gallery-grid">
        {photos.map((photo) => (
          <figure key={photo.src} className="gallery-item">
            <Picture photo={photo} sizes={GALLERY_SIZES} />
            {photo.caption ? <figcaption>{photo.caption}</figcaption> : null}
          </figure>
        ))}
      </div>
    </Section>
  );
}
