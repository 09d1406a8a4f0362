// fudge serve's page in a real browser (Debian's chromium, headless), driven by playwright-core. .ci/browser.sh
// starts two explorers and passes their addresses: one over samples/ticks.fudge, one over samples/hostile/ (field
// names and values that are HTML and script, and a malformed message).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { open as openPage, pointAtByte, required, text } from './browser.mjs';

const ticksUrl = required('FUDGE_EXPLORER_URL');
const hostileUrl = required('FUDGE_EXPLORER_HOSTILE_URL');
const screenshotPath = process.env.FUDGE_EXPLORER_SCREENSHOT;

// A page that fails the test on any script error or console error (a CSP violation is one), downloads allowed.
const open = (url) => openPage(url, { acceptDownloads: true });

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
  // Marked: the bytes drawn under a mark's rectangle, in the digits' column and in the characters' column alike,
  // and the bytes the marks say they cover (their data-start and data-end).
  await page.hover('#tree .row[data-path="ticker"]');
  const marked = (part) => page.evaluate((p) => ({ digits: hexProbe.marked(p), chars: hexProbe.marked(p, 'ascii'), said: hexProbe.markedByData(p) }), part);
  const expected = { header: [8, 9, 17], name: [10, 11, 12, 13, 14, 15, 16], value: [18, 19, 20, 21] };
  for (const [part, bytes] of Object.entries(expected)) assert.deepEqual(await marked(part), { digits: bytes, chars: bytes, said: bytes }, part);
  assert.deepEqual(await page.evaluate(() => [hexProbe.straddled(), hexProbe.straddled('ascii')]), [[], []]);
  assert.equal(await page.evaluate(() => hexProbe.text(18)), '47'); // 'G'
  assert.equal(await page.evaluate(() => hexProbe.text(18, 'ascii')), 'G');

  // A byte of the trade sub-message's aggressor value names that field, and its tree row is marked: pointed at by
  // its digits, and by its character.
  const size = Number((await text(page, '#message-title')).match(/(\d+) bytes/)[1]);
  const aggressorByte = size - 2;
  for (const column of ['bytes', 'ascii']) {
    await page.hover('#tree .row[data-path="seq"]');
    await pointAtByte(page, aggressorByte, column);
    assert.match(await text(page, '#hover-info'), new RegExp(`^byte ${aggressorByte} = 0x6c in the value of trade\\.aggressor`), column); // 'l' of "sell"
    assert.equal(await page.locator('#tree .row.pointed[data-path="trade.aggressor"]').count(), 1);
  }
  await pointAtByte(page, 3);
  assert.match(await text(page, '#hover-info'), /^byte 3 = 0x00 in the envelope header\n/);
  assert.deepEqual(await page.evaluate(() => hexProbe.marked('header')), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(await page.evaluate(() => [hexProbe.marked('name'), hexProbe.marked('value')]), [[], []]);
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
  // The faulty byte: an overlay says byte 22, lies over byte 22's digits and shows them (white on red).
  await page.waitForFunction(() => hexProbe.over('hex-fault') !== null);
  const fault = await page.evaluate(() => ({ over: hexProbe.over('hex-fault'), text: hexProbe.text(22) }));
  assert.deepEqual(fault.over, { i: 22, under: 22, text: fault.text });
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
