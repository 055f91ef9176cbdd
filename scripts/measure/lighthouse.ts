// Lighthouse's mobile performance audit (its default: a mid-range phone on slow 4G, simulated
// throttling) of each page, in the system Chromium, one page after another.
import lighthouse from "lighthouse";

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
}

/**
 * The page's typical figures: `runs` audits (each retried up to twice when Lighthouse fails to
 * record the load, which a busy machine provokes), and the run with the median score, ties
 * broken by LCP. One run on a loaded machine can catch a stall the page has nothing to do with.
 */
export async function auditPageMedian(url: string, port: number, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  while (results.length < runs) results.push(await auditPageRetried(url, port, runs));
  return medianRun(results);
}

/** The run with the median score, ties broken by LCP: the page's typical figures. */
export function medianRun(results: readonly LighthouseFigures[]): LighthouseFigures {
  const sorted = [...results].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One run, tried again (up to `retries` more times) when Lighthouse fails to record the load. */
export async function auditPageRetried(url: string, port: number, retries: number): Promise<LighthouseFigures> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await auditPage(url, port);
    } catch (error) {
      if (failures >= retries) throw error;
    }
  }
}

/** One Lighthouse run, performance only, with Lighthouse's default (mobile, simulated) settings. */
async function auditPage(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    hostname: "127.0.0.1",
    onlyCategories: ["performance"],
    output: "json",
    logLevel: "error",
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`${url}: no ${id} (${lhr.audits[id]?.errorMessage ?? "missing"})`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    transferBytes: numeric("total-byte-weight"),
  };
}
