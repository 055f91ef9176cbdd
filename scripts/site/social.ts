// What a shared link shows: the values of a page's Open Graph tags and of its preview card. The
// seo/ folder computes them; the templates draw them.

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The height of a mark drawn on a card in place of the shovel and the name, in the dark band 124 pixels high. */
export const CARD_MARK_HEIGHT = 72;

/** A mark a card draws in place of the shovel and the name (a feature's: the owner's logo): a PNG as a data: address, its size on the card, and whether it sits on a light plate. */
export interface CardMark {
  src: string;
  width: number;
  height: number;
  plated: boolean;
}

/** Everything the preview card shows; icons arrive as SVG data URIs so satori needs no files. */
export interface SocialCardData {
  businessName: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  phone: string;
  brandIcon: string;
  subjectIcon: string;
  /** A mark in place of the shovel and the name (a feature's: the owner's logo). */
  mark?: CardMark;
  /** The accent and its text for the card's band, a feature's theme's (site/theme.ts); palette.css's without one. */
  accent?: { background: string; text: string };
}

/** The values of a page's Open Graph and Twitter tags. */
export interface SocialMeta {
  title: string;
  description: string;
  /** The canonical URL; absent on pages that have none (the 404 page). */
  url: string | undefined;
  type: "website";
  siteName: string;
  image: { url: string; width: number; height: number; alt: string; type: "image/png" | "image/jpeg" };
}
