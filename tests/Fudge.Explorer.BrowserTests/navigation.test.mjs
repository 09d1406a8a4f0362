// Moving around: jumps, pages, a filter's count, the URL as the state, the keyboard, search, copying, whole values, and a
// layout that never moves under the pointer. (A 10 MB message: large.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteBox, clickByte, open, required, text } from './browser.mjs';

const ticksUrl = required('FUDGE_EXPLORER_URL');
const hostileUrl = required('FUDGE_EXPLORER_HOSTILE_URL');

const pageInfo = (page, expected) => page.waitForFunction((e) => document.querySelector('#page-info').textContent === e, expected);
const title = (page, start) => page.waitForFunction((s) => document.querySelector('#message-title').textContent.startsWith(s), start);

test('jump to a message number and to a byte offset; first and last page', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await pageInfo(page, '1–25 of 40');
  await page.click('#last');
  await pageInfo(page, '26–40 of 40');
  await page.click('#first');
  await pageInfo(page, '1–25 of 40');

  await page.fill('#goto-message', '33');
  await page.click('#goto-form button[type="submit"]');
  await pageInfo(page, '26–40 of 40');
  await title(page, 'Message 33 ·');
  assert.equal(await page.locator('#list tbody tr.selected').getAttribute('data-id'), '33');

  // Byte 134 of the file is byte 18 of message 1 (which starts at 116): the first byte of its ticker's value.
  await page.fill('#goto-message', '');
  await page.fill('#goto-offset', '134');
  await page.click('#goto-form button[type="submit"]');
  await title(page, 'Message 1 ·');
  await page.waitForSelector('#tree .row.pinned[data-path="ticker"]');
  assert.match(await text(page, '#hover-info'), /^byte 18 = 0x47 in the value of ticker/);
  await page.waitForFunction(() => hexProbe.over('hex-cursor') !== null);
  assert.deepEqual(await page.evaluate(() => hexProbe.over('hex-cursor')), { i: 18, under: 18, text: '' }); // the box around byte 18

  await page.fill('#goto-offset', '999999');
  await page.click('#goto-form button[type="submit"]');
  await page.waitForFunction(() => /holds byte 999999/.test(document.querySelector('#goto-error').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a filter\'s total is counted in the background and enables the last page', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await pageInfo(page, '1–25 of 40');
  await page.fill('#filter', "$.bid > 0");
  await page.press('#filter', 'Enter');
  await page.waitForFunction(() => /^\d+ messages match the filter$/.test(document.querySelector('#count-info').textContent));
  const total = Number((await text(page, '#count-info')).split(' ')[0]);
  assert.ok(total > 25 && total <= 40, `${total} bids`);
  await page.waitForFunction(() => !document.querySelector('#last').disabled);
  await page.click('#last');
  await pageInfo(page, `26–${total} of ${total}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the URL holds source, filter, page, message and field: links reopen them, Back and Forward walk them', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await pageInfo(page, '1–25 of 40');
  await page.fill('#filter', "$.ticker == 'ACME'");
  await page.press('#filter', 'Enter');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('where') === "$.ticker == 'ACME'");
  await page.click('#list tbody tr:nth-child(2)');
  await page.waitForSelector('#tree .row[data-path="ticker"]');
  await page.click('#tree .row[data-path="bid"]');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('source'), 'ticks.fudge');
  const id = url.searchParams.get('m');
  assert.ok(id);
  const field = url.searchParams.get('f');
  assert.ok(field);

  // The link, opened afresh, shows the same list, message and pinned field.
  const again = await open(url.href);
  await again.page.waitForSelector('#tree .row.pinned[data-path="bid"]');
  assert.equal(await again.page.inputValue('#filter'), "$.ticker == 'ACME'");
  assert.match(await text(again.page, '#message-title'), new RegExp(`^Message ${id} ·`));
  assert.match(await text(again.page, '#detail-head'), /^bid \(/);
  await again.context.close();

  await page.goBack(); // the field unpinned
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('f'));
  // The address changes at once; the page restores its state from it asynchronously (it reloads the list first).
  await page.waitForFunction(() => document.querySelectorAll('#tree .row.pinned').length === 0);
  await page.goBack(); // no message open
  await page.waitForFunction(() => document.querySelector('#message-title').textContent === 'Choose a message');
  await page.goForward();
  await title(page, `Message ${id} ·`);
  await page.goForward();
  await page.waitForSelector('#tree .row.pinned[data-path="bid"]');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the keyboard moves through the list and the tree, opens, pins, folds, with a visible focus', async () => {
  const { page, context, problems } = await open(ticksUrl);
  await pageInfo(page, '1–25 of 40');
  await page.focus('#list tbody tr[data-id="0"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.id), '1');
  await page.keyboard.press('Enter');
  await title(page, 'Message 1 ·');

  await page.focus('#tree .row[data-node="0"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'ticker');
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'none');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#tree .row.pinned[data-path="ticker"]');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'trade.aggressor');
  await page.keyboard.press('ArrowLeft'); // to the sub-message
  assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'trade');
  await page.keyboard.press('ArrowLeft'); // folds it
  assert.equal(await page.locator('#tree .row[data-path="trade.aggressor"]').count(), 0);
  await page.keyboard.press('ArrowRight'); // opens it
  assert.equal(await page.locator('#tree .row[data-path="trade.aggressor"]').count(), 1);
  await page.click('#collapse-all');
  assert.equal(await page.locator('#tree .row[data-path^="trade."]').count(), 0);
  await page.click('#expand-all');
  assert.ok(await page.locator('#tree .row[data-path^="trade."]').count() > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('search within a message finds names and values; copy path, value and bytes', async () => {
  const { page, context, problems } = await open(ticksUrl + '?m=1');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.waitForSelector('#tree .row[data-path="ticker"]');
  await page.fill('#search', 'sell');
  await page.press('#search', 'Enter');
  await page.waitForSelector('#tree .row.pinned[data-path="trade.aggressor"]');
  assert.equal(await text(page, '#search-info'), '1 of 1');
  await page.fill('#search', 'TICK');
  await page.press('#search', 'Enter');
  await page.waitForSelector('#tree .row.pinned[data-path="ticker"]');

  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await page.click('#copy-path');
  await page.waitForFunction(() => /copied the path/.test(document.querySelector('#copy-info').textContent));
  assert.equal(await clipboard(), '$.ticker');
  await page.click('#copy-value');
  await page.waitForFunction(() => /copied the value/.test(document.querySelector('#copy-info').textContent));
  assert.equal(await clipboard(), '"GLBX"');
  await page.click('#copy-hex');
  await page.waitForFunction(() => /copied the bytes/.test(document.querySelector('#copy-info').textContent));
  // Bytes 8-21 of the message: prefix, type, name "ticker" with its length byte, size, "GLBX".
  assert.equal(await clipboard(), '280e067469636b6572' + '04' + '474c4258');

  // Path and value pasted together make a filter that selects this message.
  await page.fill('#filter', '$.ticker == "GLBX"');
  await page.press('#filter', 'Enter');
  await page.waitForFunction(() => /^1–\d+ of \d+$/.test(document.querySelector('#page-info').textContent) && !document.querySelector('#page-info').textContent.endsWith('of 40'));
  const previews = await page.$$eval('#list tbody td.preview', (cells) => cells.map((c) => c.textContent));
  assert.ok(previews.length > 0);
  for (const preview of previews) assert.match(preview, /^ticker="GLBX"/);
  assert.ok(await page.locator('#list tbody tr[data-id="1"]').count() === 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a long value is shown whole on demand', async () => {
  const { page, context, problems } = await open(hostileUrl + '?m=4', { viewport: { width: 1500, height: 1400 } });
  await page.waitForSelector('#tree .row[data-path="long"]');
  assert.match(await text(page, '#tree .row[data-path="long"] .value'), /\.\.\." \(201 chars\)$/);
  await page.click('#tree .row[data-path="long"]');
  await page.click('#show-all');
  await page.waitForFunction(() => document.querySelector('#detail-value').textContent.length > 200);
  assert.equal(await text(page, '#detail-value'), '"' + '.'.repeat(100) + '\\u202e' + '-'.repeat(100) + '"');
  assert.deepEqual(problems, []);
  await context.close();
});

test('nothing moves under the pointer, and a click pins the selection', async () => {
  const { page, context, problems } = await open(ticksUrl + '?m=1');
  await page.waitForSelector('#tree .row[data-path="ticker"]');
  await page.waitForFunction(() => hexProbe.box(166) !== null); // the message's last byte drawn
  // Where the text columns, some bytes' characters and the tree's rows are drawn: the same whatever is pointed at.
  const cells = () => page.evaluate(() => {
    const boxes = [...document.querySelectorAll('#hex .hex-offsets, #hex .hex-bytes, #hex .hex-ascii, #tree .row')].map((e) => e.getBoundingClientRect());
    for (const i of [0, 8, 17, 100, 166]) boxes.push(hexProbe.box(i), hexProbe.box(i, 'ascii'));
    return boxes.map((r) => `${r.left},${r.top},${r.right - r.left}`).join(' ');
  });
  const before = await cells();
  const targets = await page.$$eval('#tree .row[data-node]', (rows) => rows.map((r) => r.dataset.node));
  for (const node of targets) {
    await page.hover(`#tree .row[data-node="${node}"]`);
    assert.equal(await cells(), before, `pointing at field ${node} moved something`);
  }
  // The pointer anywhere on a byte's digits or its character (where the browser drew them: at their left edge, their
  // centre and their right edge) names that byte, and the box marking the byte pointed at lies over it.
  for (let i = 0; i < 167; i += 7) {
    for (const column of ['bytes', 'ascii']) {
      const box = await byteBox(page, i, column);
      for (const x of [box.left + 1, box.x, box.right - 1]) {
        await page.mouse.move(x, box.y);
        assert.match(await text(page, '#hover-info'), new RegExp(`^byte ${i} = `), `${column} at x ${x - box.left}`);
        assert.deepEqual(await page.evaluate((c) => { const over = hexProbe.over('hex-cursor', c); return [over.i, over.under]; }, column), [i, i]);
      }
    }
  }
  assert.equal(await cells(), before);

  await clickByte(page, 20); // in the ticker's value
  await page.hover('#tree .row[data-path="seq"]');
  assert.equal(await page.locator('#tree .row.pinned').getAttribute('data-path'), 'ticker');
  assert.match(await text(page, '#hover-info'), /^byte 20 = /);
  await page.keyboard.press('Escape');
  await page.hover('#tree .row[data-path="ticker"]');
  await page.hover('#tree .row[data-path="seq"]');
  assert.match(await text(page, '#hover-info'), /^seq \(/);
  assert.deepEqual(problems, []);
  await context.close();
});
