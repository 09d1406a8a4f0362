// Names and values that try to change what the page says (samples/hostile/spoofing.fudge, ids 3 and 4 of the
// hostile folder): every direction control and invisible character shows as a \u escape, every name and value is
// isolated, and such fields carry a visible mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, required, text } from './browser.mjs';

const hostileUrl = required('FUDGE_EXPLORER_HOSTILE_URL');

const eachKind = [
  ['lre', '\\u202a'], ['rle', '\\u202b'], ['pdf', '\\u202c'], ['lro', '\\u202d'], ['rlo', '\\u202e'],
  ['lri', '\\u2066'], ['rli', '\\u2067'], ['fsi', '\\u2068'], ['pdi', '\\u2069'],
  ['lrm', '\\u200e'], ['rlm', '\\u200f'], ['alm', '\\u061c'],
  ['zwsp', '\\u200b'], ['zwnj', '\\u200c'], ['zwj', '\\u200d'], ['wj', '\\u2060'], ['bom', '\\ufeff'], ['shy', '\\u00ad'],
  ['tag', '\\udb40\\udc41'], ['cancel_tag', '\\udb40\\udc7f'],
  ['bell', '\\u0007'], ['nel', '\\u0085'], ['ls', '\\u2028'], ['ps', '\\u2029'], ['nbsp', '\\u00a0'], ['filler', '\\u3164'],
];

// No character of the page's text that draws nothing or reorders (the escaped characters' classes).
const hiddenCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00a0\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff]|\udb40[\udc00-\udc7f]/u;

// True when the characters of an element are laid out left to right in the order of its text (nothing reordered).
async function inOrder(page, selector) {
  return page.$eval(selector, (element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const lefts = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) lefts.push(rect.left);
      }
    }
    return lefts.length > 0 && lefts.every((left, i) => i === 0 || left > lefts[i - 1]);
  });
}

test('the issue\'s examples show as escapes, in order, isolated and marked, in the tree and in the list', async () => {
  const { page, context, problems } = await open(hostileUrl);
  await page.waitForFunction(() => document.querySelector('#page-info').textContent === '1–5 of 5');
  const row = page.locator('#list tbody tr[data-id="3"]');
  assert.equal(await row.locator('.badge').count(), 1);
  assert.match(await row.locator('.badge').getAttribute('title'), /invisible or direction-changing/);
  assert.equal(await row.locator('.pv-value').first().textContent(), '"\\u202e00.001 :ecirp laer"');
  assert.equal(await row.locator('.pv-key').nth(1).textContent(), 'role\\u202e');
  assert.equal(await page.locator('#list tbody tr[data-id="1"] .badge').count(), 0);

  await row.click();
  await page.waitForSelector('#tree .row[data-path="quote"]');
  const quote = '#tree .row[data-path="quote"]';
  assert.equal(await text(page, `${quote} .value`), '"\\u202e00.001 :ecirp laer"');
  assert.ok(await inOrder(page, quote), 'the quote row is laid out in text order');
  const role = '#tree .row[data-path="role\\\\u202e"]';
  assert.equal(await text(page, `${role} .key`), 'role\\u202e');
  assert.equal(await text(page, `${role} .value`), '"nimda"');
  assert.ok(await inOrder(page, role), 'the role row is laid out in text order');
  assert.equal(await text(page, '#tree .row[data-path="user\\\\u200bid"] .key'), 'user\\u200bid');
  for (const marked of ['quote', 'role\\\\u202e', 'user\\\\u200bid']) assert.equal(await page.locator(`#tree .row[data-path="${marked}"] .badge`).count(), 1, marked);
  assert.equal(await page.locator('#tree .row[data-path="plain"] .badge').count(), 0);
  for (const selector of ['.key', '.value', '.pv-key', '.pv-value']) {
    assert.equal(await page.$eval(selector, (e) => getComputedStyle(e).unicodeBidi), 'isolate', selector);
  }
  await page.hover(role);
  assert.match(await text(page, '#hover-info'), /^role\\u202e \(string\): bytes/);
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), hiddenCharacter);
  assert.deepEqual(problems, []);
  await context.close();
});

test('every kind of hidden character shows as its escape', async () => {
  const { page, context, problems } = await open(hostileUrl + '?m=4', { viewport: { width: 1500, height: 1400 } }); // every row of the tree in view
  await page.waitForSelector('#tree .row[data-path="lre"]');
  for (const [name, escaped] of eachKind) {
    assert.equal(await text(page, `#tree .row[data-path="${name}"] .value`), `"a${escaped}b"`, name);
    assert.equal(await page.locator(`#tree .row[data-path="${name}"] .badge`).count(), 1, name);
  }
  assert.equal(await text(page, '#tree .row[data-path="nested\\\\u200d.deep\\\\u202e"] .value'), '"x\\u2066y"');
  assert.equal(await text(page, '#tree .row[data-path="hebrew"] .value'), '"\u05e9\u05dc\u05d5\u05dd"');
  assert.equal(await page.locator('#tree .row[data-path="hebrew"] .badge').count(), 0);
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), hiddenCharacter);
  assert.deepEqual(problems, []);
  await context.close();
});
