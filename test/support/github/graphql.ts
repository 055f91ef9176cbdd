// The part of GitHub's GraphQL API the site editor (Sveltia CMS 0.221.1) asks, for the stand-in
// (server.ts): each type and field named as in GitHub's schema (docs.github.com/en/graphql/reference),
// and only those the CMS's own queries select. They were read in the CMS's source, shipped in its
// npm package's source map: services/backends/git/github/ repository.js (the default branch),
// commits.js (the head, each file's history, createCommitOnBranch), files.js (blobs by oid),
// workflow.js (the pull requests with their labels and files, createRef, the count of open pull
// requests from a branch), pull-requests.js (a branch's blobs by expression, the draft mutations)
// and deployment.js (a commit's statuses, deployments and check runs, for "View Preview").
// graphql-js parses and runs each query, aliases and fragments included, as GitHub's server does;
// a field the stand-in lacks is refused as GitHub refuses an unknown one.
import { buildSchema, graphql, GraphQLError, GraphQLScalarType } from "graphql";
import type { PullRequest, Repository } from "./repository.ts";

const SDL = /* GraphQL */ `
  scalar GitObjectID
  scalar DateTime
  scalar URI
  scalar Base64String

  type Query {
    repository(owner: String!, name: String!): Repository
  }

  type Mutation {
    createCommitOnBranch(input: CreateCommitOnBranchInput!): CreateCommitOnBranchPayload
    createRef(input: CreateRefInput!): CreateRefPayload
    convertPullRequestToDraft(input: ConvertPullRequestToDraftInput!): ConvertPullRequestToDraftPayload
    markPullRequestReadyForReview(input: MarkPullRequestReadyForReviewInput!): MarkPullRequestReadyForReviewPayload
  }

  type Repository {
    id: ID!
    nameWithOwner: String!
    defaultBranchRef: Ref
    ref(qualifiedName: String!): Ref
    object(oid: GitObjectID, expression: String): GitObject
    pullRequests(
      states: [PullRequestState!]
      labels: [String!]
      headRefName: String
      first: Int
      orderBy: IssueOrder
    ): PullRequestConnection!
  }

  type Ref {
    name: String!
    prefix: String!
    target: GitObject
  }

  interface GitObject {
    oid: GitObjectID!
  }

  type Commit implements GitObject {
    oid: GitObjectID!
    message: String!
    committedDate: DateTime!
    author: GitActor
    history(first: Int, path: String): CommitHistoryConnection!
    file(path: String!): TreeEntry
    status: Status
    deployments(last: Int, orderBy: DeploymentOrder): DeploymentConnection!
    checkSuites(last: Int): CheckSuiteConnection
  }

  type Blob implements GitObject {
    oid: GitObjectID!
    text: String
    byteSize: Int!
    isBinary: Boolean
    isTruncated: Boolean!
  }

  type Tree implements GitObject {
    oid: GitObjectID!
  }

  type TreeEntry {
    oid: GitObjectID!
    path: String
  }

  type GitActor {
    name: String
    email: String
    date: DateTime
    avatarUrl: URI!
    user: User
  }

  interface Actor {
    login: String!
    avatarUrl: URI!
  }

  type User implements Actor {
    login: String!
    avatarUrl: URI!
    name: String
    email: String!
    databaseId: Int
  }

  type Bot implements Actor {
    login: String!
    avatarUrl: URI!
  }

  type CommitHistoryConnection {
    nodes: [Commit]
    totalCount: Int!
  }

  type Status {
    contexts: [StatusContext!]!
  }

  type StatusContext {
    context: String!
    state: StatusState!
    targetUrl: URI
    description: String
  }

  enum StatusState {
    ERROR
    EXPECTED
    FAILURE
    PENDING
    SUCCESS
  }

  input DeploymentOrder {
    field: DeploymentOrderField!
    direction: OrderDirection!
  }

  enum DeploymentOrderField {
    CREATED_AT
  }

  type DeploymentConnection {
    nodes: [Deployment]
  }

  type Deployment {
    environment: String
    latestStatus: DeploymentStatus
  }

  type DeploymentStatus {
    state: String!
    environmentUrl: URI
    description: String
  }

  type CheckSuiteConnection {
    nodes: [CheckSuite]
  }

  type CheckSuite {
    checkRuns(last: Int): CheckRunConnection
  }

  type CheckRunConnection {
    nodes: [CheckRun]
  }

  type CheckRun {
    name: String!
    status: CheckStatusState!
    conclusion: CheckConclusionState
    detailsUrl: URI
    summary: String
  }

  enum CheckStatusState {
    COMPLETED
    IN_PROGRESS
    PENDING
    QUEUED
    REQUESTED
    WAITING
  }

  enum CheckConclusionState {
    ACTION_REQUIRED
    CANCELLED
    FAILURE
    NEUTRAL
    SKIPPED
    STALE
    STARTUP_FAILURE
    SUCCESS
    TIMED_OUT
  }

  enum PullRequestState {
    CLOSED
    MERGED
    OPEN
  }

  input IssueOrder {
    field: IssueOrderField!
    direction: OrderDirection!
  }

  enum IssueOrderField {
    COMMENTS
    CREATED_AT
    UPDATED_AT
  }

  enum OrderDirection {
    ASC
    DESC
  }

  type PullRequestConnection {
    nodes: [PullRequest]
    totalCount: Int!
  }

  type PullRequest {
    id: ID!
    number: Int!
    title: String!
    url: URI!
    isDraft: Boolean!
    isCrossRepository: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
    headRefName: String!
    headRefOid: GitObjectID!
    author: Actor
    labels(first: Int): LabelConnection
    files(first: Int): PullRequestChangedFileConnection
  }

  type LabelConnection {
    nodes: [Label]
  }

  type Label {
    name: String!
  }

  type PullRequestChangedFileConnection {
    nodes: [PullRequestChangedFile]
  }

  type PullRequestChangedFile {
    path: String!
    changeType: PatchStatus!
  }

  enum PatchStatus {
    ADDED
    CHANGED
    COPIED
    DELETED
    MODIFIED
    RENAMED
  }

  input CreateCommitOnBranchInput {
    branch: CommittableBranch!
    expectedHeadOid: GitObjectID!
    fileChanges: FileChanges
    message: CommitMessage!
    clientMutationId: String
  }

  input CommittableBranch {
    branchName: String
    repositoryNameWithOwner: String
    id: ID
  }

  input FileChanges {
    additions: [FileAddition!]
    deletions: [FileDeletion!]
  }

  input FileAddition {
    path: String!
    contents: Base64String!
  }

  input FileDeletion {
    path: String!
  }

  input CommitMessage {
    headline: String!
    body: String
  }

  type CreateCommitOnBranchPayload {
    commit: Commit
    ref: Ref
  }

  input CreateRefInput {
    repositoryId: ID!
    name: String!
    oid: GitObjectID!
  }

  type CreateRefPayload {
    ref: Ref
  }

  input ConvertPullRequestToDraftInput {
    pullRequestId: ID!
  }

  type ConvertPullRequestToDraftPayload {
    pullRequest: PullRequest
  }

  input MarkPullRequestReadyForReviewInput {
    pullRequestId: ID!
  }

  type MarkPullRequestReadyForReviewPayload {
    pullRequest: PullRequest
  }
`;

/** GitHub's GraphQL API cuts Blob.text off at 512 KB and says so (isTruncated); the CMS reads the rest by REST. */
const TEXT_LIMIT = 512 * 1024;

const schema = buildSchema(SDL);
// Strings in and out, as GitHub's scalars are on the wire.
for (const name of ["GitObjectID", "DateTime", "URI", "Base64String"]) {
  const type = schema.getType(name) as GraphQLScalarType;
  Object.assign(type, { serialize: String, parseValue: String });
}

/** What a resolver knows: the repository, and the stand-in's own addresses for the objects' URLs. */
export interface GraphqlContext {
  repository: Repository;
  /** https://github.com/owner/name, as the stand-in names it. */
  htmlBase: string;
  /** Called after a mutation moved a branch: the stand-in's push hook. */
  pushed(branch: string, sha: string): void;
}

type Resolved = Record<string, unknown>;

function commitNode(context: GraphqlContext, sha: string): Resolved {
  const { repository } = context;
  let info: Promise<{ message: string; committedDate: string; authorName: string; authorEmail: string }> | undefined;
  const read = () => (info ??= repository.history(sha, 1).then((commits) => commits[0]!));
  return {
    __typename: "Commit",
    oid: sha,
    message: async () => (await read()).message,
    committedDate: async () => (await read()).committedDate,
    author: async () => {
      const commit = await read();
      return {
        name: commit.authorName,
        email: commit.authorEmail,
        date: commit.committedDate,
        avatarUrl: "",
        user: null,
      };
    },
    history: async ({ first = 100, path: file }: { first?: number; path?: string }) => {
      const commits = await repository.history(sha, first, file);
      return { totalCount: commits.length, nodes: commits.map((commit) => commitNode(context, commit.oid)) };
    },
    file: async ({ path: file }: { path: string }) => {
      const found = await repository.object(`${sha}:${file}`);
      return found ? { oid: found.sha, path: file } : null;
    },
    status: () => {
      const contexts = repository.statuses.get(sha) ?? [];
      if (contexts.length === 0) return null;
      return {
        contexts: contexts.map((status) => ({ ...status, state: status.state.toUpperCase() })),
      };
    },
    deployments: () => ({ nodes: [] }),
    checkSuites: () => {
      const runs = repository.checkRuns.get(sha) ?? [];
      return {
        nodes:
          runs.length === 0
            ? []
            : [
                {
                  checkRuns: {
                    nodes: runs.map((run) => ({
                      ...run,
                      status: run.status.toUpperCase(),
                      conclusion: run.conclusion?.toUpperCase() ?? null,
                    })),
                  },
                },
              ],
      };
    },
  };
}

async function objectNode(context: GraphqlContext, name: string): Promise<Resolved | null> {
  const found = await context.repository.object(name);
  if (!found) return null;
  if (found.type === "commit") return commitNode(context, found.sha);
  if (found.type === "tree") return { __typename: "Tree", oid: found.sha };
  const bytes = await context.repository.blob(found.sha);
  const isBinary = bytes.includes(0);
  return {
    __typename: "Blob",
    oid: found.sha,
    byteSize: bytes.length,
    isBinary,
    isTruncated: !isBinary && bytes.length > TEXT_LIMIT,
    text: isBinary ? null : bytes.subarray(0, TEXT_LIMIT).toString("utf8"),
  };
}

function refNode(context: GraphqlContext, branch: string, sha: string): Resolved {
  return { name: branch, prefix: "refs/heads/", target: commitNode(context, sha) };
}

/** A branch named as GitHub's qualifiedName takes it: "main" or "refs/heads/main". */
const branchName = (qualified: string) => qualified.replace(/^refs\/heads\//, "");

function pullRequestNode(context: GraphqlContext, pull: PullRequest): Resolved {
  const { repository } = context;
  return {
    id: pull.id,
    number: pull.number,
    title: pull.title,
    url: `${context.htmlBase}/pull/${pull.number}`,
    isDraft: pull.draft,
    isCrossRepository: false,
    createdAt: pull.createdAt,
    updatedAt: pull.updatedAt,
    headRefName: pull.head,
    headRefOid: async () => (await repository.branchHead(pull.head)) ?? "",
    // Opened with the app's installation token: GitHub names the app's bot as the author.
    author: { __typename: "Bot", login: "site-editor[bot]", avatarUrl: "" },
    labels: ({ first = 100 }: { first?: number }) => ({ nodes: pull.labels.slice(0, first).map((name) => ({ name })) }),
    files: async ({ first = 100 }: { first?: number }) => {
      const files = await repository.changedFiles(pull.base, pull.head);
      const changeType = { added: "ADDED", modified: "MODIFIED", removed: "DELETED" } as const;
      return { nodes: files.slice(0, first).map((file) => ({ path: file.path, changeType: changeType[file.status] })) };
    },
  };
}

function repositoryNode(context: GraphqlContext): Resolved {
  const { repository } = context;
  return {
    id: repositoryId(repository),
    nameWithOwner: `${repository.owner}/${repository.name}`,
    defaultBranchRef: async () => {
      const head = await repository.branchHead(repository.defaultBranch);
      return head ? refNode(context, repository.defaultBranch, head) : null;
    },
    ref: async ({ qualifiedName }: { qualifiedName: string }) => {
      const branch = branchName(qualifiedName);
      const head = await repository.branchHead(branch);
      return head ? refNode(context, branch, head) : null;
    },
    object: ({ oid, expression }: { oid?: string; expression?: string }) => {
      if (oid !== undefined) return objectNode(context, oid);
      if (expression !== undefined) {
        const [rev, ...rest] = expression.split(":");
        return objectNode(context, rest.length > 0 ? `refs/heads/${rev}:${rest.join(":")}` : `refs/heads/${rev}`);
      }
      return null;
    },
    pullRequests: ({
      states,
      labels,
      headRefName,
      first = 100,
      orderBy,
    }: {
      states?: string[];
      labels?: string[];
      headRefName?: string;
      first?: number;
      orderBy?: { field: string; direction: string };
    }) => {
      let pulls = repository.pullRequests.filter((pull) => {
        const state = pull.merged ? "MERGED" : pull.state.toUpperCase();
        return (
          (!states || states.includes(state)) &&
          (!labels || pull.labels.some((label) => labels.includes(label))) &&
          (!headRefName || pull.head === headRefName)
        );
      });
      if (orderBy) {
        const key = orderBy.field === "CREATED_AT" ? "createdAt" : "updatedAt";
        pulls = [...pulls].sort((a, b) => a[key].localeCompare(b[key]) * (orderBy.direction === "DESC" ? -1 : 1));
      }
      return { totalCount: pulls.length, nodes: pulls.slice(0, first).map((pull) => pullRequestNode(context, pull)) };
    },
  };
}

const repositoryId = (repository: Repository) =>
  `R_${Buffer.from(`${repository.owner}/${repository.name}`).toString("base64url")}`;

/** GitHub's error for data that moved under a mutation (STALE_DATA), for the CMS's "branch moved" message. */
function staleData(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type: "STALE_DATA" } });
}

function mutations(context: GraphqlContext): Resolved {
  const { repository } = context;
  const ownPull = (id: string) => {
    const pull = repository.pullRequests.find((found) => found.id === id);
    if (!pull)
      throw new GraphQLError(`Could not resolve to a node with the global id of '${id}'`, {
        extensions: { type: "NOT_FOUND" },
      });
    return pull;
  };
  return {
    createCommitOnBranch: async ({
      input,
    }: {
      input: {
        branch: { branchName?: string; repositoryNameWithOwner?: string };
        expectedHeadOid: string;
        fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
        message: { headline: string; body?: string };
      };
    }) => {
      const branch = input.branch.branchName ?? "";
      if (input.branch.repositoryNameWithOwner !== `${repository.owner}/${repository.name}`) {
        throw new GraphQLError(
          `Could not resolve to a Repository with the name '${input.branch.repositoryNameWithOwner}'.`,
          {
            extensions: { type: "NOT_FOUND" },
          },
        );
      }
      const head = await repository.branchHead(branch);
      if (!head)
        throw new GraphQLError(`A ref named "refs/heads/${branch}" does not exist.`, {
          extensions: { type: "NOT_FOUND" },
        });
      if (head !== input.expectedHeadOid) {
        throw staleData(`Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`);
      }
      const additions = (input.fileChanges?.additions ?? []).map((addition) => ({
        path: addition.path,
        contents: Buffer.from(addition.contents, "base64"),
      }));
      const deletions = (input.fileChanges?.deletions ?? []).map((deletion) => deletion.path);
      const message = input.message.body
        ? `${input.message.headline}\n\n${input.message.body}`
        : input.message.headline;
      const commit = await repository.commitFiles(head, additions, deletions, message);
      if (!(await repository.moveBranch(branch, commit, head))) {
        throw staleData(`Expected branch to point to "${head}" but it did not. Pull and try again.`);
      }
      for (const pull of repository.pullRequests) if (pull.head === branch) pull.updatedAt = repository.now();
      context.pushed(branch, commit);
      return { commit: commitNode(context, commit), ref: refNode(context, branch, commit) };
    },
    createRef: async ({ input }: { input: { repositoryId: string; name: string; oid: string } }) => {
      if (input.repositoryId !== repositoryId(repository)) {
        throw new GraphQLError(`Could not resolve to a node with the global id of '${input.repositoryId}'`, {
          extensions: { type: "NOT_FOUND" },
        });
      }
      const branch = branchName(input.name);
      if (!input.name.startsWith("refs/heads/") || (await repository.branchHead(branch))) {
        throw new GraphQLError(`A ref named "${input.name}" already exists in the repository.`, {
          extensions: { type: "UNPROCESSABLE" },
        });
      }
      await repository.moveBranch(branch, input.oid);
      context.pushed(branch, input.oid);
      return { ref: refNode(context, branch, input.oid) };
    },
    convertPullRequestToDraft: ({ input }: { input: { pullRequestId: string } }) => {
      const pull = ownPull(input.pullRequestId);
      pull.draft = true;
      pull.updatedAt = repository.now();
      return { pullRequest: pullRequestNode(context, pull) };
    },
    markPullRequestReadyForReview: ({ input }: { input: { pullRequestId: string } }) => {
      const pull = ownPull(input.pullRequestId);
      pull.draft = false;
      pull.updatedAt = repository.now();
      return { pullRequest: pullRequestNode(context, pull) };
    },
  };
}

/** Runs one GraphQL request as GitHub's API answers it: `{ data, errors }`. */
export async function runGraphql(
  context: GraphqlContext,
  body: { query?: string; variables?: Record<string, unknown> },
): Promise<{ data?: unknown; errors?: unknown[] }> {
  const rootValue = {
    repository: ({ owner, name }: { owner: string; name: string }) =>
      owner === context.repository.owner && name === context.repository.name ? repositoryNode(context) : null,
    ...mutations(context),
  };
  const result = await graphql({ schema, source: body.query ?? "", rootValue, variableValues: body.variables ?? {} });
  return {
    ...(result.data !== undefined ? { data: result.data } : {}),
    ...(result.errors
      ? { errors: result.errors.map((error) => ({ message: error.message, ...error.extensions, path: error.path })) }
      : {}),
  };
}
