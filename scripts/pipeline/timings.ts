// How long each step of a build took, for `sitegen generate --timings` (as Eleventy and Astro print
// theirs). Steps overlap: the preview cards are drawn, and the files compressed and written, while
// the pages render; so each step is shown with when it started and how long it ran.

export interface StepTiming {
  step: string;
  /** Milliseconds from the start of the build to the start of the step. */
  startMs: number;
  ms: number;
}

export class StepTimer {
  private readonly started = performance.now();
  readonly steps: StepTiming[] = [];

  /** Runs `work` now and records, under `step`, how long it took to settle. */
  async time<T>(step: string, work: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.steps.push({ step, startMs: start - this.started, ms: performance.now() - start });
    }
  }
}

/** The steps as a table, in the order they started, and the whole build. */
export function formatTimings(steps: readonly StepTiming[], totalMs: number): string {
  const rows = [...steps]
    .sort((a, b) => a.startMs - b.startMs)
    .map(({ step, startMs, ms }) => [step, String(Math.round(startMs)), String(Math.round(ms))]);
  rows.push(["the whole build", "0", String(Math.round(totalMs))]);
  const width = Math.max(...rows.map(([step]) => step!.length));
  const line = ([step, start, ms]: string[]) => `  ${step!.padEnd(width)}  ${start!.padStart(8)}  ${ms!.padStart(8)}`;
  return [`Timings (steps overlap):`, line(["step", "start ms", "took ms"]), ...rows.map(line)].join("\n");
}
