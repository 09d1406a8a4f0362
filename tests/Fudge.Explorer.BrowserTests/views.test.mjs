// The views and the address: Back and Forward between the list, a message, the charts (with their statistics) and the
// schema restore each from the address alone; the Schema tab shows what GET /api/schema (fudge schema infer's code)
// infers, as C# and as Fudge-Proto. With FUDGE_EXPLORER_SCHEMA_SCREENSHOT=PATH the schema view's screenshot
// docs/serve.md shows is written there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, required, text } from './browser.mjs';

const ticksUrl = required('FUDGE_EXPLORER_URL');
const screenshotPath = process.env.FUDGE_EXPLORER_SCHEMA_SCREENSHOT;

// restore() marks the address it restored: a Back or Forward is done when the mark is the address.
const restored = (page) => page.waitForFunction(() => document.body.dataset.restored === location.search);
const shownView = (page) => page.evaluate(() => ['messages', 'charts', 'schema'].filter((v) => !document.getElementById(v + '-view').hidden));
const series = (page) => page.evaluate(() => (window.fudgeCharts.series ? { path: window.fudgeCharts.series.path, group: window.fudgeCharts.series.group ?? null } : null));

test('Back and Forward walk the list, a message, the charts and the schema, each restored from the address', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '1–25 of 40');

  await page.click('#list tbody tr[data-id="1"]');                           // 2: a message
  await page.waitForFunction(() => document.querySelector('#message-title').textContent.startsWith('Message 1 ·'));
  await page.click('#view-charts');                                           // 3: the charts, nothing plotted
  await page.waitForSelector('#stats tbody tr');
  await page.fill('#chart-path', '$.bid');                                    // 4: $.bid
  await page.click('#chart-form button[type="submit"]');
  await page.waitForFunction(() => window.fudgeCharts.series?.path === '$.bid');
  await page.fill('#chart-path', '$.ask');                                    // 5: $.ask by ticker
  await page.fill('#chart-group', '$.ticker');
  await page.click('#chart-form button[type="submit"]');
  await page.waitForFunction(() => window.fudgeCharts.series?.path === '$.ask' && window.fudgeCharts.series.group === '$.ticker');
  await page.click('#view-schema');                                           // 6: the schema in C#
  await page.waitForFunction(() => window.fudgeSchema.text !== null && !document.querySelector('#schema-view').hidden);
  await page.selectOption('#schema-format', 'proto');                         // 7: in Fudge-Proto
  await page.waitForFunction(() => /^\s*message /m.test(document.querySelector('#schema-text').textContent));
  assert.equal(new URL(page.url()).searchParams.get('format'), 'proto');

  await page.goBack(); await restored(page);                                  // 6
  assert.deepEqual(await shownView(page), ['schema']);
  assert.equal(await page.inputValue('#schema-format'), 'csharp');
  await page.waitForFunction(() => /partial class /.test(document.querySelector('#schema-text').textContent));
  await page.goBack(); await restored(page);                                  // 5
  assert.deepEqual(await shownView(page), ['charts']);
  assert.deepEqual(await series(page), { path: '$.ask', group: '$.ticker' });
  assert.equal(await page.inputValue('#chart-group'), '$.ticker');
  await page.goBack(); await restored(page);                                  // 4
  assert.deepEqual(await series(page), { path: '$.bid', group: null });
  assert.equal(await page.inputValue('#chart-group'), '');
  await page.goBack(); await restored(page);                                  // 3
  assert.deepEqual(await shownView(page), ['charts']);
  assert.equal(await series(page), null);
  assert.equal(await page.inputValue('#chart-path'), '');
  assert.ok(await page.locator('#stats tbody tr').count() > 0);
  await page.goBack(); await restored(page);                                  // 2
  assert.deepEqual(await shownView(page), ['messages']);
  assert.match(await text(page, '#message-title'), /^Message 1 ·/);
  await page.goBack(); await restored(page);                                  // 1
  assert.equal(await text(page, '#message-title'), 'Choose a message');

  await page.goForward(); await restored(page);                               // 2
  assert.match(await text(page, '#message-title'), /^Message 1 ·/);
  await page.goForward(); await restored(page);                               // 3
  await page.goForward(); await restored(page);                               // 4
  assert.deepEqual(await shownView(page), ['charts']);
  assert.deepEqual(await series(page), { path: '$.bid', group: null });
  await page.goForward(); await restored(page);                               // 5
  await page.goForward(); await restored(page);                               // 6
  await page.goForward(); await restored(page);                               // 7
  assert.deepEqual(await shownView(page), ['schema']);
  assert.equal(await page.inputValue('#schema-format'), 'proto');
  await page.waitForFunction(() => /^\s*message /m.test(document.querySelector('#schema-text').textContent));
  // The message stayed open behind the other views all along.
  assert.equal(new URL(page.url()).searchParams.get('m'), '1');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Schema tab shows the inferred schema, as C# and as Fudge-Proto, over what the filter passes', async () => {
  const { page, context, problems } = await open(ticksUrl + '?view=schema');
  await page.waitForFunction(() => window.fudgeSchema.text !== null);
  const csharp = await page.evaluate(async () => (await fetch('api/schema?format=csharp')).json());
  assert.equal(await text(page, '#schema-text'), csharp.text);
  assert.match(csharp.text, /\[FudgeMessage\]/);
  assert.match(await text(page, '#schema-info'), /^inferred from 40 messages/);
  if (screenshotPath) await page.screenshot({ path: screenshotPath });

  await page.selectOption('#schema-format', 'proto');
  const proto = await page.evaluate(async () => (await fetch('api/schema?format=proto')).json());
  await page.waitForFunction((t) => document.querySelector('#schema-text').textContent === t, proto.text);
  assert.match(await page.getAttribute('#schema-download', 'href'), /format=proto.*download=true/);

  await page.fill('#filter', '$.trade.price > 0');
  await page.press('#filter', 'Enter');
  await page.waitForFunction(() => / that pass the filter$/.test(document.querySelector('#schema-info').textContent));
  const filtered = await page.evaluate(async () => (await fetch('api/schema?format=proto&where=' + encodeURIComponent('$.trade.price > 0'))).json());
  assert.equal(await text(page, '#schema-text'), filtered.text);
  assert.deepEqual(problems, []);
  await context.close();
});
