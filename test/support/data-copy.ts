// A temporary copy of a data folder that a test may break on purpose: by default the spec's data
// (test/fixtures/spec-data/), whose values the tests name (a phone number, a town's row), so that
// the owner's own edits to data/ never break a test of what broken data does.
import { cp, mkdtemp, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseDocument, type Document } from "yaml";
import { loadData, type LoadOptions } from "../../scripts/data/load.ts";
import { DataError, type DataProblem } from "../../scripts/data/problems.ts";
import { SPEC_DATA_DIR } from "./paths.ts";

/**
 * The day a copy's files are dated: outside a git checkout the sitemap's lastmod is the data's
 * newest file time (data/last-modified.ts), so a copy dated the day it was made would build a
 * different site each day.
 */
export const COPY_FILES_DATED = new Date("2026-01-02T12:00:00Z");

export async function copyData(from: string = SPEC_DATA_DIR): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), "site-data-")), "data");
  await cp(from, dir, { recursive: true });
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => utimes(path.join(entry.parentPath, entry.name), COPY_FILES_DATED, COPY_FILES_DATED)),
  );
  return dir;
}

/** Edits one data file through the YAML document model and returns the new text. */
export async function editYaml(dir: string, file: string, edit: (doc: Document) => void): Promise<string> {
  const target = path.join(dir, file);
  const doc = parseDocument(await readFile(target, "utf8"));
  edit(doc);
  const text = doc.toString({ lineWidth: 0 });
  await writeFile(target, text);
  return text;
}

export async function replaceInFile(dir: string, file: string, from: string, to: string): Promise<string> {
  const target = path.join(dir, file);
  const text = await readFile(target, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  const next = text.replace(from, to);
  await writeFile(target, next);
  return next;
}

/** 1-based number of the first line containing `needle`. */
export function lineOf(text: string, needle: string): number {
  const index = text.split("\n").findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`no line contains ${needle}`);
  return index + 1;
}

/** The problems loading a broken data folder reports; fails when the data is accepted. */
export async function problemsOf(dir: string): Promise<DataProblem[]> {
  const problems = await loadProblems(dir);
  if (problems.length === 0) throw new Error("the broken data was accepted");
  return problems;
}

/** What loading the data folder refuses: none when it is accepted. */
export async function loadProblems(dir: string, options?: LoadOptions): Promise<DataProblem[]> {
  try {
    await loadData(dir, options);
    return [];
  } catch (error) {
    if (error instanceof DataError) return error.problems;
    throw error;
  }
}
