import type { GalleryPhoto } from "../../scripts/site/photos.ts";

/**
 * How a photo loads: "lazy", only as the visitor scrolls near it (below the fold); "eager", at once
 * (in the first screen, where a lazy photo could be the page's largest paint, and late); "first",
 * at once and before the page's other images.
 */
export type PhotoLoading = "lazy" | "eager" | "first";

/**
 * One photo of the work: a <picture> that offers AVIF, then WebP, then the JPEG of the <img>, at
 * every width, with the <img>'s width and height so that its box is kept before it arrives.
 */
export function Picture({ photo, sizes, load = "lazy" }: { photo: GalleryPhoto; sizes: string; load?: PhotoLoading }) {
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={photo.src}
        srcSet={photo.srcset}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={load === "lazy" ? "lazy" : undefined}
        fetchPriority={load === "first" ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
