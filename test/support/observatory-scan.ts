// Run as a process of its own by support/observatory.ts (`node --import tsx`, with the server's
// certificate in NODE_EXTRA_CA_CERTS, as the scanner's own command sets Mozilla's): Mozilla's HTTP
// Observatory scanner, the npm package @mdn/mdn-http-observatory, on each path of one server.
// Its retriever fetches the page over HTTPS and over plain HTTP (following the redirect), its
// robots.txt and a CORS preflight; its ten tests and its grader score them. Its scan() sums the
// score exactly as below (src/scanner/index.js), but hands its retriever no port and no path, so
// it can only scan the home page of a server on ports 80 and 443: the sum is repeated here.
//
// usage: observatory-scan.ts <the package's folder> <https://host:port> <plain-HTTP port> <path>...
// prints one JSON line: an ObservatoryReport per path.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ObservatoryReport } from "./observatory.ts";

interface Output {
  result: string;
  pass: boolean;
  constructor: { name: string };
}

const [packageDir, origin, httpPort, ...paths] = process.argv.slice(2);
if (!packageDir || !origin || !httpPort)
  throw new Error("usage: observatory-scan.ts <package> <origin> <http port> <path>...");
const load = (file: string) => import(pathToFileURL(path.join(packageDir, "src", file)).href);
const { retrieve } = (await load("retriever/retriever.js")) as {
  retrieve(
    hostname: string,
    options: { httpsPort: string; httpPort: string; path: string },
  ): Promise<{ responses: { auto: { status: number } | null } }>;
};
const { ALL_TESTS } = (await load("constants.js")) as { ALL_TESTS: ((requests: unknown) => Output)[] };
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = (await load("grader/charts.js")) as {
  MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
};
const { getGradeForScore, getScoreModifier } = (await load("grader/grader.js")) as {
  getGradeForScore(score: number): { score: number; grade: string };
  getScoreModifier(result: string): number;
};

const { hostname, port } = new URL(origin);
const reports: ObservatoryReport[] = [];
for (const urlPath of paths) {
  const requests = await retrieve(hostname, { httpsPort: port, httpPort, path: urlPath });
  const status = requests.responses.auto?.status;
  // What scan() refuses to grade: no answer, or a status other than 2xx, 3xx, 401 and 403.
  if (status === undefined || status < 200 || (status >= 400 && ![401, 403].includes(status))) {
    throw new Error(`${urlPath}: the scanner got ${status === undefined ? "no answer" : `status ${status}`}`);
  }
  const tests = ALL_TESTS.map((test) => {
    const output = test(requests);
    return {
      name: output.constructor.name,
      result: output.result,
      pass: output.pass,
      modifier: getScoreModifier(output.result),
    };
  });
  // Bonuses count only when the score without them is an A already.
  const withBonuses = 100 + tests.reduce((sum, test) => sum + test.modifier, 0);
  const withoutBonuses = 100 + tests.reduce((sum, test) => sum + Math.min(0, test.modifier), 0);
  const { score, grade } = getGradeForScore(
    withoutBonuses >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withBonuses : withoutBonuses,
  );
  reports.push({ path: urlPath, score, grade, tests });
}
process.stdout.write(`${JSON.stringify(reports)}\n`);
