// Preloaded with `node --import` by the start-up test: writes every module the process loads, one
// URL a line, to the file named by RECORD_MODULES when the process exits.
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
const write = () => writeFileSync(process.env.RECORD_MODULES, [...loaded].join("\n"));
process.on("exit", write);
// `sitegen serve` runs until it is stopped: record what it loaded by then.
process.on("SIGTERM", () => process.exit(0));
