import type { SocialMeta } from "../../scripts/site/social.ts";

/** Open Graph and Twitter tags: what a shared link shows in chats and social feeds. */
export function SocialMetaTags({ social }: { social: SocialMeta }) {
  return (
    <>
      <meta property="og:type" content={social.type} />
      <meta property="og:site_name" content={social.siteName} />
      <meta property="og:title" content={social.title} />
      <meta property="og:description" content={social.description} />
      {social.url ? <meta property="og:url" content={social.url} /> : null}
      <meta property="og:locale" content="en_US" />
      <meta property="og:image" content={social.image.url} />
      <meta property="og:image:type" content={social.image.type} />
      <meta property="og:image:width" content={String(social.image.width)} />
      <meta property="og:image:height" content={String(social.image.height)} />
      <meta property="og:image:alt" content={social.image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
