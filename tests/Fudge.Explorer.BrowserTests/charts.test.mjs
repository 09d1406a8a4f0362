// The charts view in the browser: the points uPlot draws are the values GET /api/series answers (per group, over
// message order or a datetime path), the histogram's bars are its counts, and the statistics table is GET /api/stats.
// With FUDGE_EXPLORER_CHARTS_SCREENSHOT=PATH the screenshot docs/serve.md shows is written there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { required, open, text } from './browser.mjs';

const ticksUrl = required('FUDGE_EXPLORER_URL');
const screenshotPath = process.env.FUDGE_EXPLORER_CHARTS_SCREENSHOT;

// The (x, y) pairs each line of the chart draws, by series label, read from uPlot's own data.
const drawn = (page) => page.evaluate(() => {
  const chart = window.fudgeCharts.line;
  const lines = {};
  chart.series.slice(1).forEach((series, i) => {
    lines[series.label] = chart.data[0].map((x, j) => [x, chart.data[i + 1][j]]).filter(([, y]) => y !== null && y !== undefined);
  });
  return lines;
});

// The same pairs from the API's answer.
function expected(series) {
  const lines = {};
  const names = series.groupNames ?? ['values'];
  for (const name of names) lines[name] = [];
  series.xs.forEach((x, i) => lines[names[series.groups ? series.groups[i] : 0]].push([x, series.ys[i]]));
  for (const name of names) lines[name].sort((a, b) => a[0] - b[0]);
  return lines;
}

test('the chart of a path grouped by another draws exactly the values the API returns', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await page.waitForSelector('#list tbody tr');
  await page.click('#view-charts');
  await page.waitForSelector('#stats tbody tr');
  await page.fill('#chart-path', '$.bid');
  await page.fill('#chart-group', '$.ticker');
  await page.click('#chart-form button[type="submit"]');
  await page.waitForFunction(() => window.fudgeCharts.series?.group === '$.ticker' && window.fudgeCharts.line);
  const api = await page.evaluate(async () => (await fetch('api/series?path=%24.bid&group=%24.ticker')).json());
  assert.ok(api.ys.length > 20);
  assert.ok(api.groupNames.length > 1);
  assert.deepEqual(await drawn(page), expected(api));
  assert.deepEqual(await page.evaluate(() => window.fudgeCharts.histogram.data[1]), api.histogram.counts);
  assert.equal(await page.locator('#line-chart canvas').count(), 1);
  assert.match(await text(page, '#chart-info'), new RegExp(`^${api.ys.length} points from 40 messages`));
  // The address holds the view: a reload opens the same chart.
  assert.match(new URL(page.url()).search, /view=charts&path=%24\.bid&group=%24\.ticker/);

  // Over a datetime path: x is the message's time (seconds since 1970 UTC), and the axis is a time axis.
  await page.fill('#chart-group', '');
  await page.fill('#chart-x', '$.time');
  await page.click('#chart-form button[type="submit"]');
  await page.waitForFunction(() => window.fudgeCharts.series?.x === '$.time');
  const overTime = await page.evaluate(async () => (await fetch('api/series?path=%24.bid&x=%24.time')).json());
  assert.equal(overTime.xKind, 'time');
  assert.deepEqual(await drawn(page), expected(overTime));
  assert.equal(await page.evaluate(() => window.fudgeCharts.line.scales.x.time), true);
  assert.deepEqual(problems, []);
  if (screenshotPath) {
    await page.fill('#chart-x', '');
    await page.fill('#chart-group', '$.ticker');
    await page.click('#chart-form button[type="submit"]');
    await page.waitForFunction(() => window.fudgeCharts.series?.group === '$.ticker' && !window.fudgeCharts.series.x);
    await page.screenshot({ path: screenshotPath });
  }
  await context.close();
});

test('the statistics table is the API\'s, and a numeric row plots its path', async () => {
  const { page, context, problems } = await open(ticksUrl + '?view=charts');
  await page.waitForSelector('#stats tbody tr');
  const api = await page.evaluate(async () => (await fetch('api/stats')).json());
  const rows = await page.$$eval('#stats tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.equal(rows.length, api.paths.length);
  api.paths.forEach((path, i) => {
    assert.equal(rows[i][0], path.path);
    assert.equal(rows[i][1], String(path.count));
    assert.equal(rows[i][2], String(path.messages));
    assert.equal(rows[i][4], path.min === undefined ? '' : String(path.min));
    assert.equal(rows[i][5], path.max === undefined ? '' : String(path.max));
  });
  const ask = api.paths.findIndex((p) => p.path === '$.ask');
  await page.click(`#stats tbody tr:nth-child(${ask + 1})`);
  await page.waitForFunction(() => window.fudgeCharts.series?.path === '$.ask');
  assert.equal(await page.inputValue('#chart-path'), '$.ask');
  assert.deepEqual(problems, []);
  await context.close();
});
