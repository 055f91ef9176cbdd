// The data with its placeholders filled in, as the owner fills them in before the site goes live: a
// build for a host refuses a placeholder (scripts/data/placeholders.ts), so every test of a host's
// build builds such a copy, never the shipped site.yaml. The values are the tests' own, and reach
// no one: an address under .test (the name RFC 2606 keeps for testing), numbers of the 311 exchange
// (an N11 service code, which no line in the North American plan can have), a form id and a
// repository named for the tests.
import { readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import { loadData } from "../../scripts/data/load.ts";
import { formatProblem } from "../../scripts/data/problems.ts";
import {
  isPlaceholderAddress,
  isPlaceholderPhone,
  isPlaceholderRepository,
  isPlaceholderStreet,
} from "../../scripts/data/placeholders.ts";
import { COPY_FILES_DATED, copyData } from "./data-copy.ts";
import { DATA_DIR } from "./paths.ts";

/** What the tests put in place of each placeholder of site.yaml. */
export const FILLED_IN = {
  url: "https://www.central-illinois-excavating.test",
  phones: { primary: "(217) 311-0142", secondary: "(217) 311-0187", text: "(217) 311-0163" },
  street: "1 Test Street",
  /** A social link: its site's own address, with the tests' page name. */
  social: (url: string) => `${new URL(url).origin}/central-illinois-excavating-test`,
  formId: "TestForm0142",
  repository: "test-owner/central-illinois-excavating",
} as const;

/** The shipped form's id, which the embed code repeats in its address and its attributes. */
const EXAMPLE_FORM_ID = "example-form-id";

/**
 * Fills in, in `dir`'s site.yaml, every placeholder still there, and fails if the data still holds
 * one afterwards (a placeholder this file does not know yet).
 */
export async function fillInPlaceholders(dir: string): Promise<void> {
  const file = path.join(dir, "site.yaml");
  const doc = parseDocument(await readFile(file, "utf8"));
  const set = (keys: (string | number)[], is: (value: string) => boolean, value: string) => {
    const current = doc.getIn(keys);
    if (typeof current === "string" && is(current)) doc.setIn(keys, value);
  };
  set(["url"], isPlaceholderAddress, FILLED_IN.url);
  for (const phone of ["primary", "secondary", "text"] as const)
    set(["phones", phone], isPlaceholderPhone, FILLED_IN.phones[phone]);
  set(["address", "street"], isPlaceholderStreet, FILLED_IN.street);
  const social = doc.getIn(["social"]) as { items?: unknown[] } | undefined;
  social?.items?.forEach((_, i) => {
    const url = doc.getIn(["social", i, "url"]);
    if (typeof url === "string") set(["social", i, "url"], isPlaceholderAddress, FILLED_IN.social(url));
  });
  const embed = doc.getIn(["leadForm", "embed"]);
  if (typeof embed === "string") doc.setIn(["leadForm", "embed"], embed.replaceAll(EXAMPLE_FORM_ID, FILLED_IN.formId));
  set(["editor", "repository"], isPlaceholderRepository, FILLED_IN.repository);
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  await utimes(file, COPY_FILES_DATED, COPY_FILES_DATED);
  const { placeholders } = await loadData(dir);
  if (placeholders.length > 0)
    throw new Error(`placeholders left in ${file}:\n${placeholders.map(formatProblem).join("\n")}`);
}

/** A copy of a data folder (the shipped data by default) with its placeholders filled in. */
export async function filledInData(from: string = DATA_DIR): Promise<string> {
  const dir = await copyData(from);
  await fillInPlaceholders(dir);
  return dir;
}
