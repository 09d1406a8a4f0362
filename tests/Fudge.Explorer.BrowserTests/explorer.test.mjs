// fudge serve's page in a real browser (Debian's chromium, headless), driven by playwright-core. .ci/browser.sh
// starts two explorers and passes their addresses: one over samples/ticks.fudge, one over samples/hostile/ (field
// names and values that are HTML and script, and a malformed message).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const ticksUrl = required('FUDGE_EXPLORER_URL');
const hostileUrl = required('FUDGE_EXPLORER_HOSTILE_URL');
const screenshotPath = process.env.FUDGE_EXPLORER_SCREENSHOT;

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through .ci/browser.sh`);
  return value;
}

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); });

// A page that fails the test on any script error or console error (a CSP violation is one).
async function open(url) {
  const context = await browser.newContext({ viewport: { width: 1500, height: 700 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push('page error: ' + error.message));
  page.on('console', (message) => { if (message.type() === 'error' && !/status of 400/.test(message.text())) problems.push('console: ' + message.text()); });
  const response = await page.goto(url);
  return { page, context, problems, response };
}

const text = (page, selector) => page.locator(selector).first().textContent();

test('the list pages through the 40 ticks', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '1–25 of 40');
  assert.equal(await page.locator('#list tbody tr').count(), 25);
  assert.match(await text(page, '#source'), /ticks\.fudge \(file\) · 40 messages/);
  await page.click('#next');
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '26–40 of 40');
  assert.equal(await page.locator('#list tbody tr').count(), 15);
  assert.equal(await page.locator('#next').isDisabled(), true);
  assert.equal(await text(page, '#list tbody tr td'), '25');
  await page.click('#prev');
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '1–25 of 40');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a message opens as a tree of fields, and field and bytes point at each other', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await page.click('#list tbody tr[data-id="1"]');
  await page.waitForSelector('#tree .row[data-path="ticker"]');
  assert.match(await text(page, '#message-title'), /^Message 1 · 167 bytes · offset 116/);
  assert.equal(await text(page, '#tree .row[data-path="ticker"] .value'), '"GLBX"');
  assert.equal(await text(page, '#tree .row[data-path="ticker"] .type'), '(string)');
  assert.equal(await text(page, '#tree .row[data-path="seq"] .value'), '2');
  assert.equal(await text(page, '#tree .row[data-path="trade.aggressor"] .value'), '"sell"');
  assert.equal(await text(page, '#tree .row[data-path="trade"] .type'), '(message)');

  // The ticker field is bytes 8-21: prefix and type (8, 9), name with its length byte (10-16), size (17), value (18-21).
  await page.hover('#tree .row[data-path="ticker"]');
  const marked = (part) => page.$$eval(`#hex .b[data-i].in-${part}`, (cells) => cells.map((c) => Number(c.dataset.i)));
  assert.deepEqual(await marked('header'), [8, 9, 17]);
  assert.deepEqual(await marked('name'), [10, 11, 12, 13, 14, 15, 16]);
  assert.deepEqual(await marked('value'), [18, 19, 20, 21]);
  assert.deepEqual(await page.$$eval('#hex .b[data-i="18"]', (cells) => cells.map((c) => c.textContent)), ['47']); // 'G'

  // A byte of the trade sub-message's aggressor value names that field, and its tree row is marked.
  const aggressorByte = await page.$$eval('#hex .b[data-i]', (cells) => cells.length - 2);
  await page.hover(`#hex .b[data-i="${aggressorByte}"]`);
  assert.match(await text(page, '#hover-info'), new RegExp(`^byte ${aggressorByte} = 0x6c in the value of trade\\.aggressor`)); // 'l' of "sell"
  assert.equal(await page.locator('#tree .row.pointed[data-path="trade.aggressor"]').count(), 1);
  await page.hover('#hex .b[data-i="3"]');
  assert.match(await text(page, '#hover-info'), /^byte 3 = 0x00 in the envelope header\n/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a filter narrows the list; a broken one is shown with a caret at its column', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '1–25 of 40');
  await page.fill('#filter', "$.ticker == 'ACME' && $.bid > 100");
  await page.press('#filter', 'Enter');
  await page.waitForFunction(() => /^1–\d+ of \d+$/.test(document.querySelector('#page-info').textContent) && !document.querySelector('#page-info').textContent.endsWith('of 40'));
  const previews = await page.$$eval('#list tbody td.preview', (cells) => cells.map((c) => c.textContent));
  assert.ok(previews.length > 0);
  for (const preview of previews) assert.match(preview, /^ticker="ACME"/);
  const shown = previews.length;

  await page.fill('#filter', '$.ticker == ');
  await page.press('#filter', 'Enter');
  await page.waitForSelector('#filter-error:not([hidden])');
  assert.equal(await text(page, '#filter-message'), 'line 1, column 13: expected a literal but the filter ends');
  const [line, caret] = (await text(page, '#filter-echo')).split('\n');
  assert.equal(line, '$.ticker == ');
  assert.equal(caret.indexOf('^'), 12);
  assert.equal(await page.getAttribute('#filter', 'aria-invalid'), 'true');
  assert.equal(await page.locator('#list tbody tr').count(), shown); // the list still shows the last good filter's messages

  // The download is what the list shows: the ACME ticks as JSON Lines.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-json')]);
  assert.equal(download.suggestedFilename(), 'messages.jsonl');
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, shown);
  for (const message of lines) { assert.equal(message.ticker, 'ACME'); assert.ok(message.bid > 100); }
  assert.deepEqual(problems, []);
  await context.close();
});

test('names and values that are HTML show as text and run nothing; a malformed message shows its offset', async () => {
  const { page, context, problems, response } = await open(hostileUrl);
  assert.match(response.headers()['content-security-policy'], /script-src 'self'/);
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '1–5 of 5');
  assert.match(await text(page, '#list tbody td.preview'), /^<script>window\.fudgePwned=1<\/script>="<img src=x onerror=\\"window\.fudgePwned=1\\">"/);
  await page.click('#list tbody tr[data-id="0"]');
  await page.waitForSelector('#tree .row[data-path^="<script>"]');
  assert.equal(await text(page, '#tree .row[data-path^="<script>"] .key'), '<script>window.fudgePwned=1</script>');
  assert.equal(await text(page, '#tree .row[data-path^="<script>"] .value'), '"<img src=x onerror=\\"window.fudgePwned=1\\">"');
  assert.equal(await text(page, '#tree .row[data-path^="<nested"][aria-level="2"] .key'), '</li></ul><h1>');
  await page.hover('#tree .row[data-path^="<nested"][aria-level="2"]');
  assert.match(await text(page, '#hover-info'), /^<nested attr="x">\.<\/li><\/ul><h1> \(string\)/);
  assert.equal(await page.evaluate(() => window.fudgePwned), undefined);
  assert.equal(await page.locator('img, iframe, h1 + h1, #tree h1, #tree b').count(), 0);
  assert.deepEqual(await page.$$eval('script', (scripts) => scripts.map((s) => s.getAttribute('src'))), ['vendor/uPlot.iife.min.js', 'views.js', 'app.js', 'fields.js', 'message.js', 'address.js', 'charts.js', 'schema.js']);

  await page.click('#list tbody tr[data-id="2"]');
  await page.waitForSelector('#message-error:not([hidden])');
  assert.equal(await text(page, '#message-error'), 'malformed at byte 298 (byte 22 of the message): the field declares 200 bytes of value but only 9 remain in the enclosing message');
  assert.equal(await page.getAttribute('#hex .b.fault', 'data-i'), '22');
  assert.equal(await text(page, '#tree .row[data-path="id"] .value'), '3'); // the fields before the fault are shown
  assert.deepEqual(problems, []);
  await context.close();
});

test('the screenshot for docs/serve.md', { skip: !screenshotPath }, async () => {
  const { page, context } = await open(ticksUrl);
  await page.fill('#filter', "$.trade.aggressor == 'sell'");
  await page.press('#filter', 'Enter');
  await page.waitForFunction(() => /^1–\d+ of \d+$/.test(document.querySelector('#page-info').textContent) && !document.querySelector('#page-info').textContent.endsWith('of 40'));
  await page.click('#list tbody tr:nth-child(2)');
  await page.waitForSelector('#tree .row[data-path="trade.price"]');
  await page.hover('#tree .row[data-path="trade.price"]');
  await page.screenshot({ path: screenshotPath });
  await context.close();
});
