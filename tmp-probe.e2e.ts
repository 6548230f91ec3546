import { chromium } from "@playwright/test";
import { axeFindings, describeFindings } from "./tests/e2e/support/axe.ts";
const routes = process.argv.slice(3);
const [locale, width] = process.argv[2]!.split(":");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 844 } });
await ctx.addCookies([{ name: "locale", value: locale!, url: "http://127.0.0.1:3611" }]);
const page = await ctx.newPage();
for (const r of routes) {
  const t0 = Date.now();
  await page.goto("http://127.0.0.1:3611" + r);
  await page.locator("h1").first().waitFor({ timeout: 30000 }).catch(() => console.log("no h1", r));
  const t1 = Date.now();
  const f = await axeFindings(page);
  const ow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(`${r} load ${t1 - t0}ms axe ${Date.now() - t1}ms title="${await page.title()}" lang=${await page.locator("html").getAttribute("lang")} overflow=${ow} violations=${f.length}\n${describeFindings(f)}`);
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/a11y-shot-${locale}-${width}-${r.replace(/\//g, "_")}.png`, fullPage: true });
}
await browser.close();
