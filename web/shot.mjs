// usage: node shot.mjs base tel lang width out path1 [path2 ...]
import { chromium } from 'playwright-core';
const [base, tel, lang, width, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'fr-FR' });
const page = await context.newPage();
await page.goto(base + '/login');
await page.evaluate((l) => localStorage.setItem('daftar.language', l), lang);
await page.goto(base + '/login');
await page.locator('input[name="tel"]').fill(tel);
await page.locator('input[name="password"]').fill('jasmin-2026-demo');
await page.locator('button[type="submit"]').click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
let i = 0;
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}-${i++}.png`, fullPage: true });
}
await browser.close();
