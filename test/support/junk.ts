// Bytes that are not YAML and not text: what a wrong "save as" or a copied binary leaves behind.
import { randomBytes } from "node:crypto";

export function junk(bytes: number): Buffer {
  return randomBytes(bytes);
}
