// The part of wawoff2's API the font subsetter uses (the package ships no type declarations).
declare module "wawoff2" {
  /** TrueType/OpenType bytes as WOFF2. */
  export function compress(font: Uint8Array): Promise<Uint8Array>;
  /** WOFF2 bytes as TrueType/OpenType. */
  export function decompress(font: Uint8Array): Promise<Uint8Array>;
}
