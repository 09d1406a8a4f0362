// fudge serve FILE --follow in the browser: messages appended to the file appear in the list without a reload (as
// tail -f), and a truncated file is reported on the page and listed again from its start. .ci/browser.sh serves a
// file of the first 5 ticks and passes its path; this test appends the next ticks and then truncates it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, appendFile, truncate } from 'node:fs/promises';
import { required, open, text } from './browser.mjs';

const followUrl = required('FUDGE_EXPLORER_FOLLOW_URL');
const followFile = required('FUDGE_EXPLORER_FOLLOW_FILE');

// The envelopes of samples/ticks.fudge, split by their headers' sizes.
async function ticks() {
  const all = await readFile(new URL('../../samples/ticks.fudge', import.meta.url));
  const envelopes = [];
  for (let at = 0; at < all.length;) {
    const size = all.readInt32BE(at + 4);
    envelopes.push(all.subarray(at, at + size));
    at += size;
  }
  return envelopes;
}

const rowIds = (page) => page.$$eval('#list tbody tr', (rows) => rows.map((row) => Number(row.dataset.id)));

test('messages appended to a followed file appear without a reload, and a truncation is reported', async () => {
  const envelopes = await ticks();
  const { page, context, problems } = await open(followUrl);
  await page.waitForFunction(() => /5 messages so far \(following\)/.test(document.querySelector('#source').textContent));
  await page.waitForFunction(() => document.querySelectorAll('#list tbody tr').length === 5);
  assert.deepEqual(await rowIds(page), [0, 1, 2, 3, 4]);
  assert.equal(await page.locator('#tail-label').isVisible(), true);
  await page.evaluate(() => { window.notReloaded = true; });

  await appendFile(followFile, Buffer.concat(envelopes.slice(5, 8)));
  await page.waitForFunction(() => document.querySelectorAll('#list tbody tr').length === 8, null, { timeout: 10000 });
  assert.deepEqual(await rowIds(page), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.match(await text(page, '#source'), /8 messages so far/);
  assert.equal(await page.evaluate(() => window.notReloaded), true);

  // A new message opens like any other.
  await page.click('#list tbody tr[data-id="7"]');
  await page.waitForSelector('#tree .row[data-path="ticker"]');
  assert.match(await text(page, '#message-title'), /^Message 7 · /);

  // Shrunk under the explorer: the page says so and lists the file as it is now.
  await truncate(followFile, envelopes[0].length + envelopes[1].length);
  await page.waitForFunction(() => /shrank/.test(document.querySelector('#source-notice').textContent), null, { timeout: 10000 });
  await page.waitForFunction(() => document.querySelectorAll('#list tbody tr').length === 2, null, { timeout: 10000 });
  assert.equal(await page.locator('#source-notice').isVisible(), true);
  assert.equal(await text(page, '#message-title'), 'Choose a message'); // message 7 is gone
  assert.equal(await page.evaluate(() => window.notReloaded), true);

  // And it goes on following.
  await appendFile(followFile, envelopes[2]);
  await page.waitForFunction(() => document.querySelectorAll('#list tbody tr').length === 3, null, { timeout: 10000 });
  assert.deepEqual(problems, []);
  await context.close();
});
