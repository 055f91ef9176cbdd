// Every screen of the spec, in a real browser, served by the server `npm start` uses.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { allTowns, buildModel, otherServices, townPhone, townsByArea } from "../scripts/data/model.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import type { Service, Town } from "../scripts/data/schema.ts";
import { expectMenuClosedAfterBack } from "./support/behaviour.ts";
import { engineDriver, launchBrowser } from "./support/browser.ts";
import { openBrowserSite } from "./support/browser-site.ts";
import { DATA_DIR } from "./support/paths.ts";

const model = buildModel(await loadData(DATA_DIR));
const routes = buildRoutes(model);
// The form provider is not reachable from tests: its requests get empty documents.
const { site, browser, context, close } = await openBrowserSite(model.business);
afterAll(close);
const consoleMessages: { url: string; type: string; text: string }[] = [];

async function open(path: string, width = 1280): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  page.on("console", (message) =>
    consoleMessages.push({ url: page.url(), type: message.type(), text: message.text() }),
  );
  page.on("pageerror", (error) => consoleMessages.push({ url: page.url(), type: "pageerror", text: error.message }));
  await page.goto(`${site.url}${path}`);
  return page;
}

const hrefs = (page: Page, selector: string) =>
  page.$$eval(selector, (links) => links.map((link) => link.getAttribute("href")));

describe("every public route", () => {
  it("answers 200 with a page for each route", async () => {
    const page = await context.newPage();
    for (const route of routes) {
      const response = await page.goto(`${site.url}${route.path}`);
      expect(response?.status(), route.path).toBe(200);
      expect(await page.locator("h1").count(), route.path).toBe(1);
      expect(await page.title(), route.path).toBe(route.meta.title);
      const year = String(new Date().getFullYear());
      expect(await page.locator("footer").innerText(), route.path).toContain(year);
    }
    await page.close();
  });

  it("shows the shared navigation on every kind of page", async () => {
    for (const path of ["/", "/services", "/services/culvert", "/towns", "/towns/paris", "/contact"]) {
      const page = await open(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      expect(await nav.getByRole("link", { name: "Home", exact: true }).getAttribute("href")).toBe("/");
      expect(await nav.getByRole("link", { name: "Services", exact: true }).getAttribute("href")).toBe("/services");
      expect(await nav.getByRole("link", { name: "Service Area" }).getAttribute("href")).toBe("/towns");
      expect(await nav.getByRole("link", { name: "Get a Free Estimate" }).getAttribute("href")).toBe("/contact");
      await page.close();
    }
  });
});

describe("home page", () => {
  it("has the hero, the services, the towns of the grid, 4 FAQs and the contact section", async () => {
    const page = await open("/");
    const hero = page.locator(".hero");
    expect(await hero.getByRole("link", { name: "Get a Free Estimate" }).getAttribute("href")).toBe("/contact");
    const serviceLinks = await hrefs(page, "#services-heading ~ ul .card-title a");
    expect(serviceLinks).toEqual(model.services.map((service) => `/services/${service.key}`));
    const townLinks = await hrefs(page, "#towns-heading ~ ul a");
    expect(townLinks).toEqual(model.towns.map((town) => `/towns/${town.slug}`));
    expect(await page.locator(".faq-item").count()).toBe(4);
    for (const faq of model.homeFaqs)
      await expect(page.getByRole("heading", { name: faq.question }).count()).resolves.toBe(1);
    const contact = page.locator("section#contact");
    expect(await contact.count()).toBe(1);
    expect(await contact.locator(`a[href="${model.business.phone.href}"]`).count()).toBeGreaterThan(0);
    const contactText = await contact.innerText();
    expect(contactText).toContain(model.business.address.street);
    for (const hours of model.business.hours) expect(contactText).toContain(`${hours.dayRange}: ${hours.timeRange}`);
    expect(await contact.getByRole("link", { name: /estimate online/i }).getAttribute("href")).toBe("/contact");
    await page.close();
  });
});

describe("contact page", () => {
  it("shows the title, the provider's form in a frame of the snippet's height, its script, the phone and the service line", async () => {
    const page = await open("/contact");
    expect(await page.locator("h1").innerText()).toBe("Get Your Free Estimate");
    const frame = page.locator("iframe");
    expect(await frame.getAttribute("src")).toBe(model.business.leadForm.frameUrl);
    expect(await frame.getAttribute("title")).toBe(model.business.leadForm.title);
    expect(model.business.leadForm.height).toBe(916);
    expect((await frame.boundingBox())?.height).toBe(916);
    expect(await page.locator(`script[src="${model.business.leadForm.scriptUrl}"]`).count()).toBe(1);
    expect(await page.locator(`main a[href="${model.business.phone.href}"]`).first().innerText()).toBe(
      model.business.phone.display,
    );
    expect(await page.locator("main").innerText()).toContain(
      "Mattoon, Charleston, Effingham and all of Central Illinois",
    );
    await page.close();
  });

  it("holds the frame, with its id and data-* attributes, and the provider's script in its HTML, before the load event, in their place from the first paint", async () => {
    const page = await context.newPage();
    // What the page holds when its load event fires, before anyone else's listener runs.
    await page.addInitScript(() => {
      addEventListener(
        "load",
        () => {
          const frame = document.querySelector<HTMLIFrameElement>(".lead-form iframe");
          (window as unknown as { atLoad: unknown }).atLoad = {
            frames: document.querySelectorAll("iframe").length,
            providerScripts: document.querySelectorAll("script[src^='http']").length,
            id: frame?.id,
            layout: frame?.dataset.layout,
            reserved: frame?.getBoundingClientRect().height,
          };
        },
        { capture: true },
      );
    });
    await page.goto(`${site.url}/contact`, { waitUntil: "load" });
    const frameId = model.business.leadForm.frameAttributes.find(([name]) => name === "id")?.[1];
    expect(await page.evaluate(() => (window as unknown as { atLoad: unknown }).atLoad)).toEqual({
      frames: 1,
      providerScripts: 1,
      id: frameId,
      layout: "{'id':'INLINE'}",
      reserved: 916,
    });
    await page.close();
  });
});

describe("services index", () => {
  it("has the heading, an intro and a card per service with name and Learn More links", async () => {
    const page = await open("/services");
    expect(await page.locator("h1").innerText()).toBe("Our Services");
    expect((await page.locator(".page-head .lead").innerText()).length).toBeGreaterThan(50);
    const cards = page.locator(".card");
    expect(await cards.count()).toBe(12);
    for (const [index, service] of model.services.entries()) {
      const card = cards.nth(index);
      expect(await card.getByRole("link", { name: service.name, exact: true }).getAttribute("href")).toBe(
        `/services/${service.key}`,
      );
      expect(await card.getByRole("link", { name: /^Learn More/ }).getAttribute("href")).toBe(
        `/services/${service.key}`,
      );
      expect(await card.innerText()).toContain(service.description);
    }
    await page.close();
  });

  it("lays the cards out in 1, 2 and 3 columns on small, medium and large screens", async () => {
    for (const [width, columns] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      const page = await open("/services", width);
      const lefts = await page.$$eval(
        ".card",
        (cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size,
      );
      expect(lefts, `${width}px`).toBe(columns);
      await page.close();
    }
  });
});

describe("service pages", () => {
  const check = async (service: Service) => {
    const page = await open(`/services/${service.key}`);
    const main = page.locator("main");
    expect(await page.locator("h1").innerText()).toBe(service.name);
    expect(await page.locator(".title-with-icon svg").count()).toBe(1);
    expect(await main.innerText()).toContain(service.summary);
    expect(await page.locator(".highlights li").count()).toBe(4);
    for (const heading of [
      service.intro.heading,
      service.why.heading,
      service.offerings.heading,
      service.tip.heading,
    ]) {
      expect(await page.getByRole("heading", { name: heading }).count(), heading).toBe(1);
    }
    expect(await page.locator(".offerings li").count()).toBe(service.offerings.items.length);
    // The towns in the service area's counties first, under them; then the towns beyond them.
    const served = service.areaServed.map((slug) => allTowns(model).find((town) => town.slug === slug)!);
    const { inArea, beyond } = townsByArea(model.business, served);
    expect(await hrefs(page, ".area-list a")).toEqual([...inArea, ...beyond].map((town) => `/towns/${town.slug}`));
    expect(inArea.every((town) => model.business.counties.includes(town.county))).toBe(true);
    if (beyond.length > 0) expect(await main.innerText()).toContain("Beyond those counties, we take on projects in:");
    expect(await hrefs(page, ".side-links ul a")).toEqual(
      otherServices(model.services, service.key).map((other) => `/services/${other.key}`),
    );
    const quotes = page.getByRole("link", { name: `Get a Free ${service.label} Quote` });
    expect(await quotes.count()).toBeGreaterThanOrEqual(1);
    for (const href of await quotes.evaluateAll((links) => links.map((link) => link.getAttribute("href"))))
      expect(href).toBe("/#contact");
    expect(await page.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/#contact");
    const footer = await page.locator("footer").innerText();
    expect(footer).toContain(String(new Date().getFullYear()));
    expect(footer).toMatch(/Serving Central Illinois/);
    await page.close();
  };

  it("shows every element the spec lists, for every service", async () => {
    for (const service of model.services) await check(service);
  });
});

describe("towns index", () => {
  it("has the heading and a link to each town of the grid", async () => {
    const page = await open("/towns");
    expect(await page.locator("h1").innerText()).toBe("Central Illinois Excavation Service Area");
    expect(await hrefs(page, "#main-towns-heading ~ ul a")).toEqual(model.towns.map((town) => `/towns/${town.slug}`));
    await page.close();
  });
});

describe("town pages", () => {
  const check = async (town: Town) => {
    const page = await open(`/towns/${town.slug}`);
    const main = page.locator("main");
    const text = await main.innerText();
    expect(await page.locator(".eyebrow").textContent()).toBe(`${town.name}, IL`);
    expect(await page.locator("h1").innerText()).toBe(`Excavation Services in ${town.name}`);
    expect(text).toContain(town.description);
    expect(await main.getByRole("link", { name: "Get a Free Estimate" }).getAttribute("href")).toBe("/#contact");
    const call = main.getByRole("link", { name: new RegExp(`^Call ${town.name} Team`) });
    expect(await call.getAttribute("href")).toBe(townPhone(model.business, town).href);
    expect(await page.locator(".highlights li").count()).toBe(4);
    expect(await page.locator(".faq-item").count()).toBe(3);
    const about = page.locator(".town-facts");
    expect(await about.getByRole("heading").innerText()).toBe(`About ${town.name}`);
    const aboutText = await about.innerText();
    if (town.facts) {
      expect(aboutText).toContain(town.facts.population.toLocaleString("en-US"));
      expect(aboutText).toContain(String(town.facts.founded));
      expect(aboutText).toContain(town.facts.unique);
    } else {
      expect(aboutText).toContain("More info coming soon.");
    }
    expect(await page.locator("footer").innerText()).toContain(String(new Date().getFullYear()));
    await page.close();
  };

  it("shows every element the spec lists, for every town page", async () => {
    for (const town of [...model.towns, ...model.alsoServing]) await check(town);
  });

  it("calls the second number on the pages that ask for it", () => {
    const numbers = new Set([...model.towns, ...model.alsoServing].map((town) => townPhone(model.business, town).href));
    expect(numbers).toEqual(new Set([model.business.phone.href, model.business.secondPhone.href]));
  });
});

describe("not-found page", () => {
  const unknown = [
    "/nope",
    "/services/nope",
    "/towns/nope",
    "/towns/mattoon/extra",
    "/contact.php",
    "/TOWNS",
    "/services/culvert/extra",
  ];

  it("answers unknown paths with status 404, the not-found texts, and logs the path", async () => {
    for (const path of unknown) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(404);
      const text = await page.locator("main").innerText();
      expect(text).toContain("404");
      expect(text).toContain("Oops! Page not found");
      expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
      expect(
        errors.some((error) => error.includes(`Page not found: ${path}`)),
        path,
      ).toBe(true);
      await page.close();
    }
  });
});

describe("navigation behaviour", () => {
  it("opens and closes the mobile menu on each press, and its links work", async () => {
    const page = await open("/services", 390);
    const button = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#site-menu");
    expect(await button.getAttribute("aria-controls")).toBe("site-menu");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.isVisible()).toBe(true);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);
    await button.click();
    await menu.getByRole("link", { name: "Service Area" }).click();
    await page.waitForURL(`${site.url}/towns`);
    expect(await page.locator("h1").innerText()).toBe("Central Illinois Excavation Service Area");
    await page.close();
  });

  it("shows the page with the menu closed on Back after following a link in the open menu", async () => {
    // A Chromium of its own, with the back/forward cache on as visitors have it.
    const cached = await launchBrowser({ backForwardCache: true });
    await expectMenuClosedAfterBack(engineDriver(await cached.newPage(), site.url));
    await cached.close();
  });

  it("keeps the menu links visible on a phone when JavaScript is off", async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await noScript.newPage();
    await page.goto(`${site.url}/`);
    for (const name of ["Home", "Services", "Service Area", "Get a Free Estimate"]) {
      expect(await page.locator("#site-menu").getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    await noScript.close();
  });

  it("lands at the top of the next page after following a link from far down", async () => {
    const page = await open("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.locator(".site-footer").getByRole("link", { name: "Services" }).click();
    await page.waitForURL(`${site.url}/services`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it("lands on the home page's contact section from /#contact", async () => {
    const page = await open("/towns/charleston");
    await page.locator("main").getByRole("link", { name: "Get a Free Estimate" }).click();
    await page.waitForURL(`${site.url}/#contact`);
    // The section is scrolled to the top of the window, or as far as the page can scroll.
    const offset = () =>
      page.locator("#contact").evaluate((element) => {
        const top = element.getBoundingClientRect().top;
        const atBottom = Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2;
        return atBottom && top >= 0 && top < window.innerHeight / 2 ? 0 : Math.abs(top);
      });
    await expect.poll(offset).toBeLessThan(2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.close();
  });

  it("logs no console errors or warnings on any page but the deliberate 404 log", async () => {
    const page = await context.newPage();
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") messages.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => messages.push(`${page.url()}: ${error.message}`));
    for (const route of routes) await page.goto(`${site.url}${route.path}`, { waitUntil: "load" });
    expect(messages).toEqual([]);
    expect(consoleMessages.filter((m) => m.type === "pageerror")).toEqual([]);
    await page.close();
  });
});
