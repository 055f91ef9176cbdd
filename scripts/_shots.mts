import { chromium } from "playwright-core";
const base = process.argv[2]; const out = process.argv[3]; const pages = process.argv.slice(4);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await ctx.newPage();
  page.on("console", m => console.log(width, m.type(), m.text()));
  page.on("requestfailed", r => console.log("failed", r.url()));
  page.on("response", r => { if (r.status() >= 400) console.log("status", r.status(), r.url()); });
  for (const p of pages) {
    await page.goto(base + p);
    const h = await page.evaluate(() => document.documentElement.scrollHeight);
    const name = `${out}/${width}-${p.replace(/\W+/g, "_") || "home"}`;
    const step = width === 390 ? 1600 : 1800;
    for (let y = 0, i = 0; y < h && i < 8; y += step, i++) {
      await page.screenshot({ path: `${name}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(step, h - y) } });
    }
    if (width === 390 && p === "/") {
      await page.click("[data-menu-button]");
      await page.screenshot({ path: `${out}/390-menu-open.png` });
    }
  }
  await ctx.close();
}
await browser.close();
