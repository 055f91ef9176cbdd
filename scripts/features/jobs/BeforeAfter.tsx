import type { GalleryPhoto } from "../../site/photos.ts";
import { Picture, type PhotoLoading } from "../../../templates/parts/Picture.tsx";

/** Side by side from 40rem, each half the container (72rem at most); one above the other on a phone. */
const PAIR_SIZES = "(min-width: 74rem) 35rem, (min-width: 40rem) calc(50vw - 1.75rem), calc(100vw - 2rem)";

/** A photo of the pair, labelled in words: "Before" or "After", then its caption, if any. */
function PairPhoto({ photo, role, load }: { photo: GalleryPhoto; role: string; load: PhotoLoading }) {
  return (
    <figure className="pair-photo">
      <Picture photo={photo} sizes={PAIR_SIZES} load={load} />
      <figcaption>
        <strong className={`photo-role role-${role.toLowerCase()}`}>{role}</strong>
        {photo.caption ? ` ${photo.caption}` : null}
      </figcaption>
    </figure>
  );
}

/**
 * A job's before and after photos as one figure, named by its heading: the two side by side where
 * there is room, one above the other on a phone, each labelled "Before" or "After" in text under
 * it and described by its alt text. Plain markup: it reads the same with JavaScript off, by
 * keyboard (there is nothing to operate) and with a screen reader (a figure "Before and after"
 * holding a figure "Before" and a figure "After"). At the top of the job's page, so both photos
 * load at once, the first before anything else.
 */
export function BeforeAfter({ before, after }: { before: GalleryPhoto; after: GalleryPhoto }) {
  return (
    <figure className="before-after">
      <figcaption>
        <h2 id="before-after-heading">Before and after</h2>
      </figcaption>
      <div className="pair">
        <PairPhoto photo={before} role="Before" load="first" />
        <PairPhoto photo={after} role="After" load="eager" />
      </div>
    </figure>
  );
}
