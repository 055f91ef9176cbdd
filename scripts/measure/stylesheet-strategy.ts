// Inline stylesheet in every page, or one shared stylesheet file the browser caches? Measured on
// real three-page visits rather than assumed: bytes sent, requests, and the round trips and time
// before the first page can paint on a slow mobile network.
import { createHash } from "node:crypto";
import { compressBrotli } from "../lib/compress.ts";

/** Lighthouse's mobile network for simulated throttling ("slow 4G"): 150 ms RTT, 1.6 Mbit/s down. */
export const SLOW_MOBILE = { rttMs: 150, downlinkBitsPerSecond: 1_638_400 } as const;

/** Initial congestion window (RFC 6928): 10 segments of 1460 bytes before the first ACK. */
const INITIAL_WINDOW_SEGMENTS = 10;
const SEGMENT_BYTES = 1460;

/**
 * Round trips to deliver a response of `bytes` on a fresh connection in slow start (the window
 * doubles each round trip). Headers are not counted.
 */
export function roundTripsFor(bytes: number): number {
  let segments = Math.ceil(bytes / SEGMENT_BYTES);
  let window = INITIAL_WINDOW_SEGMENTS;
  let trips = 1;
  while (segments > window) {
    segments -= window;
    window *= 2;
    trips += 1;
  }
  return trips;
}

const transferMs = (bytes: number) => (bytes * 8 * 1000) / SLOW_MOBILE.downlinkBitsPerSecond;

interface StrategyFigures {
  /** Brotli bytes of each page of the visit, in order (the stylesheet file counted once, on the first). */
  pageBytes: number[];
  totalBytes: number;
  requests: number;
  /** Round trips after the request for the first page until it can paint. */
  firstPaintRoundTrips: number;
  /** Estimated time from the first request to the first paint on SLOW_MOBILE (connection set-up excluded). */
  firstPaintMs: number;
  /** Estimated time to download the whole visit on SLOW_MOBILE, one page after another. */
  visitMs: number;
}

export interface VisitComparison {
  visit: string[];
  inline: StrategyFigures;
  external: StrategyFigures;
  stylesheetBytes: number;
}

/** The page with its <style> element swapped for a link to a cacheable, content-hashed file. */
export function withExternalStylesheet(html: string, css: string): { html: string; href: string } {
  const href = `/site.${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  const inline = `<style>${css}</style>`;
  if (!html.includes(inline)) throw new Error("the page does not inline the site stylesheet");
  return { html: html.replace(inline, `<link rel="stylesheet" href="${href}"/>`), href };
}

/**
 * Both strategies for one visit. Inline: every page carries the stylesheet and paints after one
 * response. External: each page is smaller, the stylesheet is fetched once (then cached,
 * immutable) but the first page cannot paint before a second round trip brings it.
 */
export async function compareVisit(visit: { path: string; html: string }[], css: string): Promise<VisitComparison> {
  const inlineBytes = await Promise.all(visit.map(async (page) => (await compressBrotli(page.html)).length));
  const externalBytes = await Promise.all(
    visit.map(async (page) => (await compressBrotli(withExternalStylesheet(page.html, css).html)).length),
  );
  const stylesheetBytes = (await compressBrotli(css)).length;

  const inlineFirstTrips = roundTripsFor(inlineBytes[0]!);
  // The stylesheet is requested once its <link> arrives with the first packets of the page; it
  // comes back on the same, already warmed connection one round trip later.
  const externalFirstTrips = Math.max(roundTripsFor(externalBytes[0]!), 1 + roundTripsFor(stylesheetBytes));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const visitMs = (trips: number, bytes: number) => trips * SLOW_MOBILE.rttMs + transferMs(bytes);

  const inlineTotal = sum(inlineBytes);
  const externalPages = externalBytes.map((bytes, i) => (i === 0 ? bytes + stylesheetBytes : bytes));
  const externalTotal = sum(externalPages);
  const laterTrips = (bytes: number[]) => sum(bytes.slice(1).map(roundTripsFor));
  return {
    visit: visit.map((page) => page.path),
    stylesheetBytes,
    inline: {
      pageBytes: inlineBytes,
      totalBytes: inlineTotal,
      requests: visit.length,
      firstPaintRoundTrips: inlineFirstTrips,
      firstPaintMs: Math.round(visitMs(inlineFirstTrips, inlineBytes[0]!)),
      visitMs: Math.round(visitMs(inlineFirstTrips + laterTrips(inlineBytes), inlineTotal)),
    },
    external: {
      pageBytes: externalPages,
      totalBytes: externalTotal,
      requests: visit.length + 1,
      firstPaintRoundTrips: externalFirstTrips,
      firstPaintMs: Math.round(visitMs(externalFirstTrips, externalPages[0]!)),
      visitMs: Math.round(visitMs(externalFirstTrips + laterTrips(externalBytes), externalTotal)),
    },
  };
}
