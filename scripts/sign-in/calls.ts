// The calls the site editor makes to GitHub, and nothing else: the service passes on only these,
// for the site's one repository. They were read in the editor's own source (Sveltia CMS 0.221.1,
// services/backends/git/github/): the file tree and blobs (files.js), the drafts' pull requests,
// their files, labels and merge (pull-requests.js, workflow.js), a draft branch reset or deleted
// (workflow.js). A draft's branch is always cms/<collection>/<entry> (workflow/branch.js), so a
// branch may be moved or deleted only there: the published branch changes by a merge alone, which
// the repository's protection refuses while the site's check fails.

/** REST calls below /repos/<owner>/<name>, by method. */
const REST_CALLS: readonly (readonly [method: string, path: RegExp])[] = [
  ["GET", /^\/git\/trees\/[^/]+$/],
  ["GET", /^\/git\/blobs\/[0-9a-f]{40}$/],
  ["PATCH", /^\/git\/refs\/heads\/cms\/.+$/],
  ["DELETE", /^\/git\/refs\/heads\/cms\/.+$/],
  ["POST", /^\/pulls$/],
  ["GET", /^\/pulls\/\d+\/files$/],
  ["PATCH", /^\/pulls\/\d+$/],
  ["PUT", /^\/pulls\/\d+\/merge$/],
  ["GET", /^\/issues\/\d+$/],
  ["PATCH", /^\/issues\/\d+$/],
  ["POST", /^\/issues\/\d+\/labels$/],
];

/** Whether `method` on `path` (below the repository) is a call the editor makes. */
export function isEditorCall(method: string, path: string): boolean {
  return REST_CALLS.some(([allowed, pattern]) => allowed === method && pattern.test(path));
}

/** The GraphQL mutations the editor sends, each with where its branch is named in its input. */
const MUTATIONS: Record<string, (input: Record<string, unknown>) => string | undefined> = {
  createCommitOnBranch: (input) => (input.branch as { branchName?: string } | undefined)?.branchName,
  createRef: (input) => String(input.name ?? "").replace(/^refs\/heads\//, ""),
  convertPullRequestToDraft: () => undefined,
  markPullRequestReadyForReview: () => undefined,
};

/**
 * Why a GraphQL request is not one the editor sends, or undefined when it is: a query of this
 * repository, or one of its four mutations, writing to a draft's branch only. The repository is
 * held by the token too: the app's token reaches no other repository.
 */
export function graphqlRefusal(
  body: { query?: unknown; variables?: Record<string, unknown> },
  repository: { owner: string; name: string },
): string | undefined {
  const query = typeof body.query === "string" ? body.query : "";
  const variables = body.variables ?? {};
  for (const [owner, name] of [
    ["owner", "repo"],
    ["forkOwner", "forkRepo"],
  ] as const) {
    if (
      variables[owner] !== undefined &&
      (variables[owner] !== repository.owner || variables[name] !== repository.name)
    )
      return "another repository";
  }
  const operation = /^\s*(query|mutation)\b/.exec(query)?.[1] ?? (query.trim().startsWith("{") ? "query" : undefined);
  if (operation === "query") return /\bmutation\b/.test(query) ? "more than one operation" : undefined;
  if (operation !== "mutation") return "not a query the editor sends";
  const fields = [...query.matchAll(/\{\s*(\w+)\s*\(/g)].map((match) => match[1]!);
  const field = fields[0];
  const branchOf = field === undefined ? undefined : MUTATIONS[field];
  if (!branchOf) return `the mutation ${field ?? "(none)"}`;
  const branch = branchOf((variables.input ?? {}) as Record<string, unknown>);
  if (branch !== undefined && !branch.startsWith("cms/")) return `a commit to ${branch}, which only Publish changes`;
  return undefined;
}
