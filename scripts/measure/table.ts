// Plain-text tables for the measuring scripts: numbers right-aligned, text left-aligned; and the
// median the tables print.

export type Cell = string | number;

export function formatTable(header: string[], rows: Cell[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  // Right-aligned: columns of numbers, where a cell may also be "–" (none) or "≥ 1234" (at least).
  const looksNumeric = (cell: Cell | undefined) => typeof cell === "number" || /^(?:–|≥ \d[\d.]*)$/.test(cell ?? "");
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => looksNumeric(row[column])));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [line(cells[0]!), widths.map((width) => "-".repeat(width)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

/** The middle value; for an even count, the mean of the two middle values, rounded. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}
