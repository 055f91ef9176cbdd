// Stand-ins for a host that answers in place of the site (scripts/deploy-check/host-down.ts says
// where each answer's words come from): a Netlify project paused when the team's credits ran out,
// which answers every address, redirects and files alike, with its "Site not available" page and
// status 503; and an address Netlify has no site for, which answers 404 with its bare "Not Found -
// Request ID" line. Each records the addresses it was asked.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Netlify's paused page, its words as visitors quoted them (github.com/lihaoze123/cptracker issue 14). */
const NETLIFY_PAUSED_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Site not available</title></head>
<body>
<h1>Site not available</h1>
<p>This site was paused as it reached its usage limits. Please contact the site owner for more information.</p>
<p>If this is your site, please visit Netlify's <a href="https://docs.netlify.com/manage/accounts-and-billing/billing/resume-paused-projects/">Billing docs page</a> or log into your Netlify account to upgrade your plan.</p>
</body>
</html>
`;

export type HostDownKind = "netlify-paused" | "netlify-no-site" | "other-503";

export interface HostDownStandIn {
  url: string;
  /** The paths asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** A request id of Netlify's form (a ULID), the same for every answer. */
const REQUEST_ID = "01KQZ7P3V0C9D8E7F6G5H4J3K2";

function answerOf(kind: HostDownKind): { status: number; headers: Record<string, string>; body: string } {
  switch (kind) {
    case "netlify-paused":
      return {
        status: 503,
        headers: { server: "Netlify", "x-nf-request-id": REQUEST_ID, "content-type": "text/html; charset=utf-8" },
        body: NETLIFY_PAUSED_PAGE,
      };
    case "netlify-no-site":
      return {
        status: 404,
        headers: { server: "Netlify", "x-nf-request-id": REQUEST_ID, "content-type": "text/plain; charset=utf-8" },
        body: `Not Found - Request ID: ${REQUEST_ID}`,
      };
    case "other-503":
      // A server of one's own, overloaded: not a host's page in place of the site, so checked as usual.
      return {
        status: 503,
        headers: { server: "nginx", "content-type": "text/html" },
        body: "<html><head><title>503 Service Temporarily Unavailable</title></head><body>Site not available, paused for maintenance</body></html>",
      };
  }
}

export async function startHostDown(kind: HostDownKind): Promise<HostDownStandIn> {
  const asked: string[] = [];
  const answer = answerOf(kind);
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? "/");
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
