// The colours a feature draws the site in, over templates/palette.css's own (features/: the owner's
// accent). The feature's own rules set palette.css's custom properties to them (--accent,
// --on-accent, --link-on-night, …); the core draws with them what it draws outside the pages'
// stylesheet: the preview cards' band and icons (seo/social-meta.ts) and the drawn tab icon
// (pages/assets.ts), and takes --link-on-night for the eyebrow on a photo at the top of a page.
export interface Theme {
  /** The buttons' colour, the call bar's estimate link's, the skip link's: palette.css's --accent. */
  accent: string;
  /** Text on it: the palette's dark ink or white. */
  onAccent: string;
  /** The accent as the dark sections draw it (--link-on-night): the header's marks, the hero's eyebrow. */
  onNight: string;
}
