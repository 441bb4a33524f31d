// The dashboards against the real server (spec 3 §2.10, §6, §8, §9; issue 19): on the demo
// residence, the council member's dashboard shows its four cards, the income and expense area
// chart (drawn by recharts: an SVG with its two areas) with the period's buttons, the expense
// donut with its legend, the debtors and the unpaid invoices; the co-owner's shows their property,
// their balance, the treasury, the chart and the donut — in French and in Arabic (right to left:
// the chart's first month at the right), at 1280 and 390 px wide.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, expectPath, launchBrowser, scenario, screenshotPath, signIn } from './harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The chart's drawn areas and the donut's slices, once recharts has laid them out. */
async function chartsDrawn(page) {
  const chart = page.getByTestId('chart-revenus-depenses');
  await chart.locator('svg .recharts-area-area').first().waitFor();
  assert.equal(await chart.locator('svg .recharts-area').count(), 2, 'two areas: income and expenses');
  const donut = page.getByTestId('chart-repartition');
  await donut.locator('svg .recharts-pie-sector').first().waitFor();
  const slices = await donut.locator('svg .recharts-pie-sector').count();
  assert.ok(slices >= 2, `the demo spends in several categories, got ${slices} slice(s)`);
  assert.equal(await donut.getByTestId('repartition-item').count(), slices);
}

/** The chart's month labels (the axis labels with letters) from left to right on the screen. */
async function monthLabelsOnScreen(page) {
  const values = page.getByTestId('chart-revenus-depenses').locator('text.recharts-cartesian-axis-tick-value');
  const labels = [];
  for (let index = 0; index < (await values.count()); index += 1) {
    const value = values.nth(index);
    const text = ((await value.textContent()) ?? '').trim();
    if (/\p{L}/u.test(text)) labels.push({ x: (await value.boundingBox())?.x ?? 0, text });
  }
  return labels.sort((a, b) => a.x - b.x).map((label) => label.text);
}

/** The current month as the chart names it (web/src/features/dashboard/charts.tsx `moisCourt`). */
function currentMonth(language) {
  const today = new Date();
  const name = new Intl.DateTimeFormat(language === 'ar' ? 'ar-TN' : 'fr-FR', {
    month: 'short',
    numberingSystem: 'latn',
  }).format(today);
  return `${name} ${String(today.getFullYear()).slice(2)}`;
}

async function toArabic(page) {
  await page.getByTestId('language-ar').click();
  await page.locator('html[dir="rtl"]').waitFor();
}

describe('syndic dashboard', () => {
  it('shows the cards, the charts and the lists of the demo, and changes the period', async () => {
    await scenario(browser, 'dashboard-syndic-fr', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await expectPath(page, '/syndic/tableau-de-bord');
      await page.getByTestId('carte-tresorerie').getByText(/DT/).waitFor();
      for (const carte of ['carte-tresorerie', 'carte-du-copros', 'carte-restants-factures', 'carte-depenses']) {
        assert.match((await page.getByTestId(carte).textContent()) ?? '', /\d,\d{3}\s?DT/, carte);
      }
      await chartsDrawn(page);
      const mois = await monthLabelsOnScreen(page);
      assert.equal(mois.length, 3, 'three months by default');
      assert.equal(mois.at(-1), currentMonth('fr'), `left to right in French: ${mois.join(', ')}`);
      assert.ok(
        (await page.getByTestId('dashboard-copros-soldes').getByRole('link').count()) > 0,
        'the demo has debtors',
      );
      await page.screenshot({ path: screenshotPath('dashboard-syndic-fr-1280'), fullPage: true });

      await page.getByRole('button', { name: '6 mois' }).click();
      await page.getByRole('button', { name: '6 mois', pressed: true }).waitFor();
      await page.waitForFunction(
        () =>
          [
            ...document.querySelectorAll(
              '[data-testid="chart-revenus-depenses"] text.recharts-cartesian-axis-tick-value',
            ),
          ].filter((text) => /\p{L}/u.test(text.textContent ?? '')).length === 6,
      );
    });
  });

  it('reads right to left in Arabic, on a computer and on a phone', async () => {
    await scenario(browser, 'dashboard-syndic-ar', async (page) => {
      await signIn(page, ACCOUNTS.membreConseil);
      await expectPath(page, '/syndic/tableau-de-bord');
      await toArabic(page);
      await page.getByText('رصيد الخزينة').waitFor();
      await page.getByTestId('carte-tresorerie').getByText(/د\.ت/).waitFor();
      await chartsDrawn(page);
      const mois = await monthLabelsOnScreen(page);
      assert.equal(mois[0], currentMonth('ar'), `the current month at the left in Arabic: ${mois.join(', ')}`);
      assert.equal(await page.getByText('Erreur lors du chargement du tableau de bord.').count(), 0);
      await page.screenshot({ path: screenshotPath('dashboard-syndic-ar-1280'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await chartsDrawn(page);
      await page.screenshot({ path: screenshotPath('dashboard-syndic-ar-390'), fullPage: true });
      await page.getByTestId('language-fr').click();
      await page.locator('html[dir="ltr"]').waitFor();
      await page.screenshot({ path: screenshotPath('dashboard-syndic-fr-390'), fullPage: true });
    });
  });
});

describe('co-owner dashboard', () => {
  it('shows the co-owner their property, balance and the residence figures their flags allow', async () => {
    await scenario(browser, 'dashboard-coproprietaire', async (page) => {
      await signIn(page, ACCOUNTS.coproprietaire);
      await expectPath(page, '/coproprietaire/tableau-de-bord');
      await page.getByTestId('carte-votre-solde').getByText(/DT/).waitFor();
      assert.ok((await page.getByTestId('dashboard-proprietes').getByRole('listitem').count()) > 0);
      await page.getByTestId('carte-tresorerie').getByText(/DT/).waitFor();
      await chartsDrawn(page);
      await page.screenshot({ path: screenshotPath('dashboard-coproprietaire-fr-1280'), fullPage: true });
      await toArabic(page);
      await page.getByText('رصيدك').waitFor();
      await chartsDrawn(page);
      await page.screenshot({ path: screenshotPath('dashboard-coproprietaire-ar-1280'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await chartsDrawn(page);
      await page.screenshot({ path: screenshotPath('dashboard-coproprietaire-ar-390'), fullPage: true });
      await page.getByTestId('language-fr').click();
      await page.locator('html[dir="ltr"]').waitFor();
    });
  });
});
