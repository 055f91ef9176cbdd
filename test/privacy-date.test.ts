// The privacy page's "last updated" date (data/privacy.ts) changes only when the page's words do:
// a commit that changes its template, or one that changes what the page shows of site.yaml (the
// business's name, address and numbers, the form's hosts); not the many commits that change hours
// or reviews. Each case builds a small git history with dates of its own.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { privacyFacts, privacyLastUpdated } from "../scripts/data/privacy.ts";
import { DATA_DIR } from "./support/paths.ts";

const run = promisify(execFile);
const TODAY = "2026-11-24";

/** A repository with data/ and a stand-in for the page's template, committed on `date`. */
async function repository(date: string) {
  const root = await mkdtemp(path.join(tmpdir(), "privacy-date-"));
  const data = path.join(root, "data");
  const template = path.join(root, "templates", "PrivacyPage.tsx");
  await cp(DATA_DIR, data, { recursive: true });
  await mkdir(path.dirname(template));
  await writeFile(template, "export const words = 1;\n");
  const git = (...args: string[]) => run("git", args, { cwd: root });
  await git("init", "-q");
  await git("config", "user.email", "site@example.com");
  await git("config", "user.name", "Site");
  const commit = async (day: string) => {
    await git("add", "-A");
    await run("git", ["commit", "-q", "-m", day], {
      cwd: root,
      env: { ...process.env, GIT_COMMITTER_DATE: `${day}T12:00:00`, GIT_AUTHOR_DATE: `${day}T12:00:00` },
    });
  };
  await commit(date);
  const site = path.join(data, "site.yaml");
  const edit = async (from: string, to: string) => writeFile(site, (await readFile(site, "utf8")).replace(from, to));
  const updated = async () =>
    privacyLastUpdated(data, privacyFacts(parse(await readFile(site, "utf8")))!, TODAY, template);
  return { root, data, template, commit, edit, updated };
}

describe("the privacy page's last updated date", () => {
  it("is the day its facts came to be, whatever else site.yaml gained since", async () => {
    const repo = await repository("2025-01-10");
    expect(await repo.updated()).toBe("2025-01-10");
    await repo.edit("closes: 17:00", "closes: 16:30");
    await repo.commit("2025-02-01");
    expect(await repo.updated(), "the hours are not on the page").toBe("2025-01-10");
    await repo.edit("primary: (217) 555-0142", "primary: (217) 555-0150");
    await repo.commit("2025-03-05");
    expect(await repo.updated(), "the phone number is").toBe("2025-03-05");
    await repo.edit("  text: (217) 555-0163\n", "");
    await repo.commit("2025-03-20");
    expect(await repo.updated(), "and so is the number for texts").toBe("2025-03-20");
    await repo.edit("link.msgsndr.com", "forms.example-crm.com");
    await repo.commit("2025-04-02");
    expect(await repo.updated(), "and the form's hosts").toBe("2025-04-02");
  });

  it("is the day the template's words last changed, when that is later; not a comment's or the layout's", async () => {
    const repo = await repository("2025-01-10");
    await writeFile(repo.template, "// Why the page says what it says.\nexport  const words =\n  1;\n");
    await repo.commit("2025-04-01");
    expect(await repo.updated(), "a comment and another layout").toBe("2025-01-10");
    await writeFile(repo.template, "export const words = 2;\n");
    await repo.commit("2025-05-06");
    expect(await repo.updated()).toBe("2025-05-06");
  });

  it("is today for a change not yet committed, and only for one that shows on the page", async () => {
    const repo = await repository("2025-01-10");
    await repo.edit("closes: 17:00", "closes: 16:30");
    expect(await repo.updated(), "an hour changed").toBe("2025-01-10");
    await repo.edit("100 Example Street", "102 Example Street");
    expect(await repo.updated(), "the address changed").toBe(TODAY);
    await repo.edit("102 Example Street", "100 Example Street");
    await writeFile(repo.template, "export const words = 3;\n");
    expect(await repo.updated(), "the template changed").toBe(TODAY);
  });

  it("reads an earlier site.yaml that gave the form as two addresses", async () => {
    const repo = await repository("2025-01-10");
    const site = path.join(repo.data, "site.yaml");
    const text = await readFile(site, "utf8");
    const embed = text.slice(text.indexOf("  embed: |"), text.indexOf("  title: Free estimate"));
    await writeFile(
      site,
      text.replace(
        embed,
        "  frameUrl: https://api.leadconnectorhq.com/widget/form/example-form-id\n  scriptUrl: https://link.msgsndr.com/js/form_embed.js\n",
      ),
    );
    await repo.commit("2025-06-01");
    await writeFile(site, text);
    await repo.commit("2025-07-01");
    expect(await repo.updated(), "the same hosts, written the new way").toBe("2025-01-10");
  });

  it("outside a git checkout, is the later of the files' own days", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "privacy-date-"));
    const data = path.join(dir, "data");
    await cp(DATA_DIR, data, { recursive: true });
    const template = path.join(dir, "PrivacyPage.tsx");
    await writeFile(template, "");
    await utimes(path.join(data, "site.yaml"), new Date("2025-02-03T12:00:00Z"), new Date("2025-02-03T12:00:00Z"));
    await utimes(template, new Date("2025-01-01T12:00:00Z"), new Date("2025-01-01T12:00:00Z"));
    const facts = privacyFacts(parse(await readFile(path.join(data, "site.yaml"), "utf8")))!;
    expect(await privacyLastUpdated(data, facts, TODAY, template)).toBe("2025-02-03");
  });
});
