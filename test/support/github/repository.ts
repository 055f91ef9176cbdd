// The repository behind the stand-in for GitHub (server.ts): a bare git repository on disk, read and
// written with git's own plumbing, so that what the site editor commits is a real commit on a real
// branch that the tests can read with `git show`, and that a build of a branch is a build of its
// files. Pull requests, labels, commit statuses and check runs, which git does not have, are kept
// here in memory, as GitHub keeps them beside the repository.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TreeEntry {
  path: string;
  mode: string;
  type: "blob" | "tree";
  sha: string;
  size?: number;
}

export interface CommitInfo {
  oid: string;
  message: string;
  authorName: string;
  authorEmail: string;
  committedDate: string;
}

export interface PullRequest {
  number: number;
  /** GitHub's global node id, as its GraphQL API gives it. */
  id: string;
  title: string;
  body: string;
  head: string;
  base: string;
  draft: boolean;
  state: "open" | "closed";
  merged: boolean;
  labels: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CommitStatus {
  context: string;
  state: "pending" | "success" | "failure" | "error";
  targetUrl?: string;
  description?: string;
}

export interface CheckRun {
  name: string;
  status: "queued" | "in_progress" | "completed";
  conclusion?: "success" | "failure" | "neutral";
  detailsUrl?: string;
  summary?: string;
}

/** Who the app's commits are by, as GitHub names a GitHub App's bot. */
const APP_AUTHOR = { name: "site-editor[bot]", email: "site-editor[bot]@users.noreply.github.com" };

export class Repository {
  readonly pullRequests: PullRequest[] = [];
  readonly statuses = new Map<string, CommitStatus[]>();
  readonly checkRuns = new Map<string, CheckRun[]>();
  private clock = Date.parse("2026-11-28T12:00:00Z");

  private constructor(
    readonly dir: string,
    readonly owner: string,
    readonly name: string,
    readonly defaultBranch: string,
  ) {}

  /** A bare repository at a fresh folder holding `files` (path → text) as its first commit on `branch`. */
  static async create(
    owner: string,
    name: string,
    branch: string,
    files: ReadonlyMap<string, Buffer | string>,
  ): Promise<Repository> {
    const dir = await mkdtemp(path.join(tmpdir(), "github-stand-in-"));
    await run("git", ["init", "--quiet", "--bare", `--initial-branch=${branch}`, dir]);
    const repository = new Repository(dir, owner, name, branch);
    const head = await repository.commitFiles(
      undefined,
      [...files].map(([file, contents]) => ({ path: file, contents })),
      [],
      "First commit",
    );
    await repository.git(["update-ref", `refs/heads/${branch}`, head]);
    return repository;
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  /** git in the repository, its output; `input` on its standard input. */
  async git(args: string[], options: { input?: Buffer | string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
    const child = execFile("git", args, {
      cwd: this.dir,
      env: { ...process.env, ...options.env },
      maxBuffer: 64 * 1024 * 1024,
      encoding: "buffer",
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => errors.push(chunk));
    const code = await new Promise<number>((resolve) => child.on("close", (status) => resolve(status ?? 1)));
    if (code !== 0) throw new Error(`git ${args.join(" ")}: ${Buffer.concat(errors).toString()}`);
    return Buffer.concat(chunks).toString("utf8");
  }

  /** The bytes of a blob. */
  async blob(sha: string): Promise<Buffer> {
    const child = execFile("git", ["cat-file", "blob", sha], {
      cwd: this.dir,
      encoding: "buffer",
      maxBuffer: 64 * 1024 * 1024,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const code = await new Promise<number>((resolve) => child.on("close", (status) => resolve(status ?? 1)));
    if (code !== 0) throw new Error(`no blob ${sha}`);
    return Buffer.concat(chunks);
  }

  /** The commit a branch points at, or undefined. */
  async branchHead(branch: string): Promise<string | undefined> {
    return this.git(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]).then(
      (out) => out.trim(),
      () => undefined,
    );
  }

  /** A commit, tree or blob named by `name` (a sha, a branch, "branch:path"), with its type; undefined when there is none. */
  async object(name: string): Promise<{ sha: string; type: string } | undefined> {
    try {
      const sha = (await this.git(["rev-parse", "--verify", "--quiet", name])).trim();
      const type = (await this.git(["cat-file", "-t", sha])).trim();
      return { sha, type };
    } catch {
      return undefined;
    }
  }

  async tree(ref: string, recursive: boolean): Promise<TreeEntry[]> {
    const out = await this.git(["ls-tree", "-l", ...(recursive ? ["-r", "-t"] : []), ref]);
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = line.split("\t") as [string, string];
        const [mode, type, sha, size] = meta.split(/\s+/) as [string, "blob" | "tree", string, string];
        return { path: file, mode, type, sha, ...(type === "blob" ? { size: Number(size) } : {}) };
      });
  }

  /** Up to `first` commits reachable from `ref`, newest first, touching `file` when given. */
  async history(ref: string, first: number, file?: string): Promise<CommitInfo[]> {
    const format = "%H%x1f%an%x1f%ae%x1f%cI%x1f%B%x1e";
    const out = await this.git(["log", `-n${first}`, `--format=${format}`, ref, "--", ...(file ? [file] : [])]);
    return out
      .split("\x1e")
      .map((record) => record.replace(/^\n/, ""))
      .filter(Boolean)
      .map((record) => {
        const [oid, authorName, authorEmail, committedDate, message] = record.split("\x1f") as string[];
        return {
          oid: oid!,
          authorName: authorName!,
          authorEmail: authorEmail!,
          committedDate: committedDate!,
          message: message!.trim(),
        };
      });
  }

  /** The next moment of the stand-in's clock: a second after the last, so that dates sort as events happened. */
  now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  /**
   * A new commit on top of `parent` (none for the first) with `additions` and `deletions`, by the app,
   * written to no branch: its hash.
   */
  async commitFiles(
    parent: string | undefined,
    additions: readonly { path: string; contents: Buffer | string }[],
    deletions: readonly string[],
    message: string,
  ): Promise<string> {
    const index = path.join(this.dir, `index-${process.pid}-${Math.random().toString(36).slice(2)}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      if (parent) await this.git(["read-tree", parent], { env });
      for (const addition of additions) {
        const sha = (await this.git(["hash-object", "-w", "--stdin"], { input: addition.contents })).trim();
        await this.git(["update-index", "--add", "--cacheinfo", `100644,${sha},${addition.path}`], { env });
      }
      for (const deletion of deletions) await this.git(["update-index", "--force-remove", deletion], { env });
      const tree = (await this.git(["write-tree"], { env })).trim();
      return this.commitTree(tree, parent ? [parent] : [], message);
    } finally {
      await rm(index, { force: true });
    }
  }

  /** Moves `branch` to `sha`, only if it is at `expected` (a new branch: expected undefined). False when it moved. */
  async moveBranch(branch: string, sha: string, expected?: string): Promise<boolean> {
    const old = expected ?? "0000000000000000000000000000000000000000";
    return this.git(["update-ref", `refs/heads/${branch}`, sha, old]).then(
      () => true,
      () => false,
    );
  }

  async deleteBranch(branch: string): Promise<boolean> {
    if (!(await this.branchHead(branch))) return false;
    await this.git(["update-ref", "-d", `refs/heads/${branch}`]);
    return true;
  }

  /**
   * A merge of `head` into `base`, as GitHub's merge button makes it: a commit with both parents, or
   * with `squash` one commit of the merged files on `base`; undefined when they conflict.
   */
  async mergeCommit(base: string, head: string, message: string, { squash = false } = {}): Promise<string | undefined> {
    const [baseSha, headSha] = [await this.branchHead(base), await this.branchHead(head)];
    if (!baseSha || !headSha) return undefined;
    const tree = await this.git(["merge-tree", "--write-tree", baseSha, headSha]).then(
      (out) => out.split("\n")[0]!.trim(),
      () => undefined,
    );
    if (!tree) return undefined;
    return this.commitTree(tree, squash ? [baseSha] : [baseSha, headSha], message);
  }

  /** A commit of `tree` on `parents`, by the app, committed by GitHub as its API commits, at the stand-in's next moment. */
  private async commitTree(tree: string, parents: readonly string[], message: string): Promise<string> {
    const date = this.now();
    const env = {
      GIT_AUTHOR_NAME: APP_AUTHOR.name,
      GIT_AUTHOR_EMAIL: APP_AUTHOR.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: "GitHub",
      GIT_COMMITTER_EMAIL: "noreply@github.com",
      GIT_COMMITTER_DATE: date,
    };
    const parentArgs = parents.flatMap((parent) => ["-p", parent]);
    return (await this.git(["commit-tree", tree, ...parentArgs, "-m", message], { env })).trim();
  }

  /** The files a pull request changes against its base: path and GitHub's change type. */
  async changedFiles(
    base: string,
    head: string,
  ): Promise<{ path: string; status: "added" | "modified" | "removed"; sha?: string }[]> {
    const mergeBase = (await this.git(["merge-base", `refs/heads/${base}`, `refs/heads/${head}`])).trim();
    const out = await this.git(["diff", "--name-status", "--no-renames", mergeBase, `refs/heads/${head}`]);
    const files = out
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [code, file] = line.split("\t") as [string, string];
        const status = code === "A" ? ("added" as const) : code === "D" ? ("removed" as const) : ("modified" as const);
        return { path: file, status };
      });
    return Promise.all(
      files.map(async (file) =>
        file.status === "removed"
          ? file
          : { ...file, sha: (await this.object(`refs/heads/${head}:${file.path}`))?.sha },
      ),
    );
  }

  /** A file's text on a branch, for the tests' own reading. */
  async fileOn(branch: string, file: string): Promise<string> {
    return this.git(["show", `refs/heads/${branch}:${file}`]);
  }

  /** Every file of a branch, path and bytes: what a host's build of it checks out. */
  async filesOn(branch: string): Promise<Map<string, Buffer>> {
    const files = new Map<string, Buffer>();
    for (const entry of await this.tree(`refs/heads/${branch}`, true)) {
      if (entry.type === "blob") files.set(entry.path, await this.blob(entry.sha));
    }
    return files;
  }
}
