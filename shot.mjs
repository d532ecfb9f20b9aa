// usage: node /tmp/shot.mjs URL OUT [width] [cookie]
import { chromium } from "@playwright/test";
const [url, out, width = "1280", js = "on"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const context = await browser.newContext({
  viewport: { width: Number(width), height: 900 },
  javaScriptEnabled: js === "on",
});
const page = await context.newPage();
const steps = JSON.parse(process.env.STEPS || "[]");
await page.goto(url);
for (const s of steps) {
  if (s.fill) await page.getByLabel(s.fill, { exact: true }).fill(s.value);
  if (s.check) await page.getByLabel(s.check).check();
  if (s.click) await page.getByRole("button", { name: s.click }).click();
  if (s.goto) await page.goto(s.goto);
  if (s.wait) await page.waitForTimeout(s.wait);
}
await page.screenshot({ path: out, fullPage: true });
console.log(page.url());
await browser.close();
