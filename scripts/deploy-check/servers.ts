// The servers a deploy of the site can be on.

/** `sitegen serve` (and `npm start`), nginx with the generated config, and the two static hosts. */
export const SERVERS = ["sitegen", "nginx", "netlify", "cloudflare"] as const;
export type Server = (typeof SERVERS)[number];
