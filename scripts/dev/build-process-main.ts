// What the dev server's build process runs (build-process.ts starts it). It stays alive between
// builds so that a data change costs only the build itself, not starting Node, compiling TypeScript
// and loading React again.
//
// It loads the site's own modules (templates, pipeline) on its first build only. A template
// change therefore needs a new process, which `sitegen dev` starts ahead: this one starts, loads
// the libraries, and waits.
import type { BuildRequest, BuildReply } from "./protocol.ts";

function reply(message: BuildReply) {
  process.send?.(message);
}

// The libraries the pipeline uses; loading them now is what makes the first build fast. Only
// packages from node_modules: the site's own modules must wait for the first build.
const LIBRARIES = [
  "react",
  "react-dom/server",
  "zod",
  "yaml",
  "esbuild",
  "satori",
  "@resvg/resvg-js",
  "d3-geo",
  "topojson-client",
  "lucide-react/dynamicIconImports",
];
// A library the pipeline no longer uses is simply not preloaded.
await Promise.allSettled(LIBRARIES.map((name) => import(name)));

// The parent decides when this process ends; if it disappears, so does this process.
process.on("disconnect", () => process.exit(0));

/**
 * What this process keeps between its builds (pipeline/build-memory.ts): the one object, made at
 * the first build, when the site's modules load.
 */
let memory: import("../pipeline/build-memory.ts").BuildMemory | undefined;

process.on("message", async (message: BuildRequest) => {
  if (message?.type !== "build") return;
  let site;
  try {
    site = await loadSiteModules();
  } catch (error) {
    // A template or script that does not compile: say which and why, as a failed build.
    reply({ type: "failed", id: message.id, kind: "other", message: describeLoadError(error) });
    return;
  }
  const { generate, failureOf, BuildMemory } = site;
  memory ??= new BuildMemory();
  const cpuBefore = process.cpuUsage();
  try {
    const result = await generate({ dataDir: message.dataDir, outDir: message.outDir, memory });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMilliseconds = Math.round((cpu.user + cpu.system) / 1000);
    reply({ type: "built", id: message.id, pages: result.pages, milliseconds: result.milliseconds, cpuMilliseconds });
  } catch (error) {
    reply({ type: "failed", id: message.id, ...failureOf(error) });
  }
});

async function loadSiteModules() {
  const [{ generate }, { failureOf }, { BuildMemory }] = await Promise.all([
    import("../pipeline/generate.ts"),
    import("../pipeline/failure.ts"),
    import("../pipeline/build-memory.ts"),
  ]);
  return { generate, failureOf, BuildMemory };
}

function describeLoadError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // esbuild (through tsx) names the file, line and column in its message.
  return `The site's code could not be loaded: ${error.message}`;
}

reply({ type: "ready" });
