// /privacy held to the code, sentence by sentence, where a build shows it: each statement that the
// browser cannot observe (privacy.browser.test.ts checks those) is read against what the build
// wrote for it. The host it names is the host the build is for; the form's provider is the one
// whose form the contact page embeds, with its privacy policy; "no tracking code" and "keeps
// nothing in local storage" name what the build does run and keep; what it says of Plausible
// follows where the counts go (Plausible's own service, or the owner's server); no code the site
// sends reads Do Not Track; a page restored from the back-forward cache counts again because the
// bundled tracker does so; and the promises about texts say who holds them.
import path from "node:path";
import { appendFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { FORM_PROVIDER } from "../scripts/data/lead-form.ts";
import { PLAUSIBLE_EVENTS } from "../scripts/features/counting/fields.ts";
import { HOST_NAMES, HOST_PRIVACY_POLICIES, HOSTS } from "../scripts/headers/hosts.ts";
import { outputText } from "../scripts/lib/output.ts";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { hostedBy, type PrivacyStatement } from "../scripts/site/privacy.ts";
import { ADMIN_PATH } from "../scripts/site/urls.ts";
import { copyData } from "./support/data-copy.ts";
import { filledInData } from "./support/filled-in.ts";
import { SPEC_DATA_DIR } from "./support/paths.ts";
import { countingData } from "./support/plausible.ts";
import { pageStatements, privacyViolations } from "./support/privacy-claims.ts";

/** The text of /privacy's <main>, as a visitor reads it: tags out, entities read. */
function privacyText(site: RenderedSite): string {
  const html = outputText(site.files.get("privacy.html")!);
  return html
    .slice(html.indexOf("<main"), html.indexOf("</main>"))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Every link of /privacy's <main>: its address and its text. */
function privacyLinks(site: RenderedSite): { href: string; text: string }[] {
  const html = outputText(site.files.get("privacy.html")!);
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((match) => ({
    href: match[1]!.replace(/&amp;/g, "&"),
    text: match[2]!.replace(/&#x27;/g, "'"),
  }));
}

/** A statement's words as text. */
const wordsOf = (statement: PrivacyStatement) =>
  statement.words.map((part) => (typeof part === "string" ? part : "code" in part ? part.code : part.text)).join("");

/** Every script the site sends a browser: the pages' inline scripts, the files under assets/, the worker. */
function scriptsOf(site: RenderedSite): { file: string; code: string }[] {
  const scripts: { file: string; code: string }[] = [];
  for (const [file, contents] of site.files) {
    if (file.endsWith(".js") && !file.startsWith("admin/")) scripts.push({ file, code: outputText(contents) });
    if (file.endsWith(".html") && !file.startsWith("admin/"))
      for (const match of outputText(contents).matchAll(
        /<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
      ))
        if (match[1]!.trim() !== "") scripts.push({ file, code: match[1]! });
  }
  return scripts;
}

const OWN_SERVER_EVENTS = "https://stats.centralillinoisexcavating.com/api/event";
const today = new Date("2026-11-28T12:00:00Z");

let plain: RenderedSite;
let forHost: Record<(typeof HOSTS)[number], RenderedSite>;
let counting: RenderedSite;
let ownServer: RenderedSite;

beforeAll(async () => {
  const plausibleData = await countingData(SPEC_DATA_DIR, PLAUSIBLE_EVENTS);
  const ownServerData = await copyData(SPEC_DATA_DIR);
  await appendFile(
    path.join(ownServerData, "site.yaml"),
    `plausible:\n  domain: centralillinoisexcavating.com\n  endpoint: ${OWN_SERVER_EVENTS}\n`,
  );
  // A build for a host refuses placeholders: the hosts' builds are of a copy with them filled in.
  const filledIn = await filledInData(SPEC_DATA_DIR);
  const render = (dataDir: string, host?: (typeof HOSTS)[number]) =>
    renderSite({ dataDir, outDir: "unused", today, ...(host ? { host } : {}) });
  let netlify: RenderedSite;
  let cloudflare: RenderedSite;
  [plain, netlify, cloudflare, counting, ownServer] = await Promise.all([
    render(SPEC_DATA_DIR),
    render(filledIn, "netlify"),
    render(filledIn, "cloudflare"),
    render(plausibleData),
    render(ownServerData),
  ]);
  forHost = { netlify, cloudflare };
}, 180_000); // five builds of copies of the data at once, each new to the cache on a fresh clone

describe("/privacy names who sends its pages", () => {
  it("names the host the build is for, with the host's privacy policy", () => {
    for (const host of HOSTS) {
      const site = forHost[host];
      expect(privacyText(site)).toContain(hostedBy(HOST_NAMES[host]));
      expect(privacyLinks(site)).toContainEqual({ href: HOST_PRIVACY_POLICIES[host], text: "its privacy policy" });
      for (const other of HOSTS.filter((name) => name !== host))
        expect(privacyText(site)).not.toContain(HOST_NAMES[other]);
    }
  });

  it("names no host for the local server and nginx, whose server the build cannot name", () => {
    const text = privacyText(plain);
    for (const host of HOSTS) expect(text).not.toContain(HOST_NAMES[host]);
    expect(text).toContain("The web server that sends these pages receives your device's internet (IP) address");
  });
});

describe("/privacy names the estimate form's provider", () => {
  it("as the provider whose form the contact page embeds, with the privacy policy that covers it", () => {
    const { frameUrl, scriptUrl } = plain.model.business.leadForm;
    // The contact page embeds LeadConnector's form: its frame and helper on LeadConnector's hosts.
    const contact = outputText(plain.files.get("contact.html")!);
    expect(contact).toContain(`src="${frameUrl}"`);
    expect(new URL(frameUrl).host).toMatch(/(?:^|\.)leadconnectorhq\.com$/);
    expect(new URL(scriptUrl).host).toMatch(/(?:^|\.)msgsndr\.com$/);
    const text = privacyText(plain);
    expect(text).toContain(
      `is run by ${FORM_PROVIDER.name}, a service of ${FORM_PROVIDER.company}, from ${new URL(frameUrl).host} and ${new URL(scriptUrl).host}.`,
    );
    expect(privacyLinks(plain).filter((link) => link.href === FORM_PROVIDER.privacyPolicy).length).toBeGreaterThan(0);
    expect(text).not.toMatch(/our form provider|the provider's/);
  });

  it("says the provider keeps what is sent through the form, before promising what no third party gets", () => {
    const text = privacyText(plain);
    const promise = text.indexOf("will not be shared with any third parties");
    expect(promise).toBeGreaterThan(0);
    const sentence = text.slice(text.lastIndexOf(". ", promise) + 2, promise);
    expect(sentence).toContain(`Beyond ${FORM_PROVIDER.name}`);
    expect(text).toContain(
      `${FORM_PROVIDER.name}, which runs our estimate form, keeps what you send through it for us`,
    );
    // STOP is a promise about the texts we send, said as one.
    expect(text).toContain("If we text you, reply STOP to any of our texts and we will send you no more.");
  });
});

describe("/privacy says what the site runs and keeps, as the build does", () => {
  it("names Plausible beside 'no tracking code' exactly when the pages carry its tracker", () => {
    for (const site of [plain, counting, ownServer]) {
      const carriesTracker = [...site.files.keys()].some((file) => file.startsWith("assets/counting-"));
      const sentence = privacyText(site).match(/[^.]*runs no analytics or tracking code\./)![0];
      expect(sentence.includes("Plausible"), sentence).toBe(carriesTracker);
      expect(sentence).toContain("the estimate form's provider on the contact page");
      expect(privacyText(site)).not.toMatch(/runs no (?:analytics, )?advertising or tracking code/);
    }
  });

  it("says the site's own code keeps nothing in local storage only with the exception its own code makes", () => {
    for (const site of [plain, counting]) {
      const writes = scriptsOf(site).some(({ code }) => /localStorage\.setItem/.test(code));
      const sentence = privacyText(site).match(
        /The site's own code keeps nothing in your browser's local storage[^.]*\./,
      )![0];
      expect(sentence.includes(", but the mark that leaves a browser out of the counts"), sentence).toBe(writes);
    }
    // The counting build's script does write it: the statement has an exception to carry.
    expect(scriptsOf(counting).some(({ code }) => /localStorage\.setItem/.test(code))).toBe(true);
  });

  it("sets the site editor apart", () => {
    expect(privacyText(plain)).toContain(
      `All of this is about the site's public pages. The site's editor at ${ADMIN_PATH}, which only we use to change the site,`,
    );
  });

  it("says no code of the site reads Do Not Track, and none does: pages, the counting script or the worker", async () => {
    for (const site of [plain, counting]) {
      const statements = await pageStatements(site.model);
      expect(statements.map((statement) => statement.claim.kind)).toContain("do-not-track-unread");
      for (const { file, code } of scriptsOf(site))
        expect(code, file).not.toMatch(/doNotTrack|globalPrivacyControl|\bDNT\b|msDoNotTrack/);
    }
    expect(privacyText(counting)).toContain("none of the site's own code, Plausible's script included, reads it");
  });

  it("says a page shown again from the back-forward cache counts again, as the bundled tracker does", () => {
    const script = [...counting.files.entries()].find(([file]) => file.startsWith("assets/counting-"))!;
    // Plausible's tracker (tracker/src/autocapture.js): a pageview on pageshow when event.persisted.
    expect(outputText(script[1])).toMatch(/addEventListener\("pageshow",function\(\w\)\{\w\.persisted&&/);
    expect(privacyText(counting)).toContain(
      "again when you come back to it with your browser's Back or Forward button and the browser shows it from its memory",
    );
  });
});

describe("/privacy on Plausible, where the counts go", () => {
  const plausibleStatement = async (site: RenderedSite) =>
    (await pageStatements(site.model))
      .filter((statement) => statement.section === "Counting visits")
      .map(wordsOf)
      .find((words) => /internet \(IP\) address/.test(words))!;

  it("on Plausible's own service: what it works out, what it screens, and its data policy as covering plausible.io", async () => {
    const words = await plausibleStatement(counting);
    expect(words).toContain("your country, region and city, your browser, operating system and kind of device");
    expect(words).toContain("from known robots, from the addresses of data centres and from addresses we have blocked");
    expect(words).toContain("Plausible's data policy, which covers its own service at plausible.io");
    expect(words).not.toMatch(/\bonly\b/);
    expect(privacyLinks(counting).map((link) => link.href)).toContain("https://plausible.io/data-policy");
  });

  it("on the owner's own server: that server, no word of Plausible's data policy", async () => {
    const host = new URL(OWN_SERVER_EVENTS).host;
    const text = privacyText(ownServer);
    const words = await plausibleStatement(ownServer);
    expect(words).toContain(`Our server at ${host} also receives`);
    expect(text).toContain(
      `every page counts its visit with our own server at ${host}, which runs Plausible's software`,
    );
    expect(text).not.toContain("plausible.io");
    expect(privacyLinks(ownServer).map((link) => link.href)).not.toContain("https://plausible.io/data-policy");
    expect(words).not.toMatch(/\bonly\b/);
  });
});

describe("/privacy's list, as the browser tests read it", () => {
  it("is the page's: each statement, the features' with it, in the page's words and order", async () => {
    for (const site of [plain, counting, ownServer]) {
      const text = privacyText(site);
      let from = 0;
      for (const statement of await pageStatements(site.model)) {
        const at = text.indexOf(wordsOf(statement), from);
        expect(at, wordsOf(statement)).toBeGreaterThanOrEqual(from);
        from = at;
      }
    }
    expect((await pageStatements(counting.model)).map((statement) => statement.section)).toContain("Counting visits");
  });

  it("leaves no claim unread: a claim of a kind no check knows is a problem", async () => {
    const statements = await pageStatements(counting.model);
    const seen = { siteOrigin: "http://127.0.0.1", visits: [], workerSeesNavigations: true };
    expect(privacyViolations(statements, seen)).toEqual([]);
    const madeUp = { section: "A made-up feature", words: ["Hello."], claim: { kind: "says-hello" } };
    expect(privacyViolations([...statements, madeUp], seen)).toEqual([
      "a statement claims says-hello, which no check reads",
    ]);
  });
});

describe("/privacy on changes", () => {
  it("says a change moves the date at its top, which shows site.yaml's privacyUpdated", () => {
    const text = privacyText(plain);
    expect(text).toContain("When what this page says changes, so does its date at the top (Last updated).");
    expect(text).toMatch(/Last updated January 1, 2020/);
  });
});

describe("/privacy on calls and texts", () => {
  it("names every number the pages show, the second line's saying what it is", () => {
    const { business } = plain.model;
    const numbers = [business.phone, business.secondPhone, ...(business.text ? [business.text] : [])];
    expect(new Set(numbers.map((phone) => phone.display)).size).toBe(3);
    for (const phone of numbers) expect(privacyText(plain)).toContain(phone.display);
    expect(privacyText(plain)).toContain(`${business.secondPhone.display}, our second line`);
  });
});
