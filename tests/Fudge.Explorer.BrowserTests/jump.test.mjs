// Jumping to a byte far into a message of many fields (FUDGE_EXPLORER_FIELDS_URL: one message of 18,000 sub-messages,
// 90,000 fields, about 1 MB): the page asks the server for the page of fields around that byte
// (api/messages/{id}/fields?at=B), not for every page before it, and the fields it skipped are one row of the tree,
// read when scrolled to. Checked by what a regression would change (the requests made, the fields held, the rows in
// the document, the bytes marked), not by timing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, text } from './browser.mjs';

const fieldsUrl = process.env.FUDGE_EXPLORER_FIELDS_URL;

test('jumping to the last byte of a message of 90,000 fields reads the one page around it and marks its field', { skip: !fieldsUrl }, async () => {
  const { page, context, problems } = await open(fieldsUrl);
  const requests = [];
  page.on('request', (request) => { const url = new URL(request.url()); if (url.pathname.startsWith('/api/messages/0')) requests.push(url.pathname + url.search); });
  const answers = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/messages/0')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    answers.push({ path: url.pathname + url.search, bytes: body.length });
  });
  await page.waitForSelector('#list tbody tr[data-id="0"]');
  const size = Number(await text(page, '#list tbody tr[data-id="0"] td:nth-child(3)'));
  assert.ok(size > 900_000, `${size} bytes`);

  await page.fill('#goto-offset', String(size - 1));
  await page.click('#goto-form button[type="submit"]');
  await page.waitForSelector('#tree .row.pinned');
  await page.waitForFunction((last) => ![null, '··'].includes(hexProbe.text(last)), size - 1);

  // The field holding the last byte is pinned, its row shows, and its bytes are marked in the hex view by part.
  assert.equal(await page.getAttribute('#tree .row.pinned', 'data-filter-path'), '$.rows[17999].ask');
  assert.match(await text(page, '#hover-info'), new RegExp(`^byte ${size - 1} = 0x[0-9a-f]{2} in the value of rows\\.ask`));
  // Every byte drawn is marked in the part it belongs to, if it belongs to the field, and not marked otherwise.
  const marks = await page.evaluate(() => {
    const node = state.nodes[state.pinned];
    const parts = Object.fromEntries(['header', 'name', 'value'].map((p) => [p, hexProbe.marked(p)]));
    return { start: node.start, nameStart: node.nameStart, nameEnd: node.nameEnd, valueStart: node.valueStart, end: node.end, drawn: hexProbe.drawn(), parts };
  });
  assert.equal(marks.end, size);
  const between = (from, to) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
  const [drawnFrom, drawnTo] = marks.drawn;
  const value = between(Math.max(marks.valueStart, drawnFrom), Math.min(marks.end, drawnTo));
  assert.ok(value.length > 0 && drawnTo === size, JSON.stringify(marks));
  assert.deepEqual(marks.parts.value, value, JSON.stringify(marks));
  const headerAndName = [...marks.parts.header, ...marks.parts.name].sort((a, b) => a - b);
  assert.deepEqual(headerAndName, between(Math.max(marks.start, drawnFrom), marks.valueStart), JSON.stringify(marks));
  assert.deepEqual(marks.parts.name, between(marks.nameStart, marks.nameEnd), JSON.stringify(marks)); // 'ask' and its length
  assert.deepEqual(await page.evaluate(() => [hexProbe.straddled(), hexProbe.straddled('ascii')]), [[], []]);
  assert.deepEqual(await page.evaluate(() => { const over = hexProbe.over('hex-cursor'); return [over.i, over.under]; }), [size - 1, size - 1]);

  // One page around the byte, nothing from the message's start on: the first answer, then one ?at= page.
  const fieldRequests = requests.filter((r) => r.includes('/fields'));
  assert.deepEqual(fieldRequests.map((r) => r.replace(/\d+/g, 'N')), ['/api/messages/N/fields?at=N&take=N'], JSON.stringify(requests));
  assert.ok(requests.length <= 4, JSON.stringify(requests)); // the message, the page, the bytes at the end
  const held = await page.evaluate(() => ({ held: state.held, ranges: state.ranges }));
  assert.ok(held.held <= 300 + 500 + 1, JSON.stringify(held)); // the first fields, the page of 500 around the byte and its parent
  await page.waitForTimeout(100); // the last response's body
  for (const answer of answers) assert.ok(answer.bytes < 1_000_000, JSON.stringify(answer));

  // Only the rows in view are in the document: the fields not read are one row each, not 87,000.
  const drawn = await page.evaluate(() => ({
    treeRows: document.querySelectorAll('#tree .row').length,
    capacity: Math.ceil(document.querySelector('#tree').clientHeight / 20) + 12,
    gaps: document.querySelectorAll('#tree .row.gap').length,
    elements: document.getElementsByTagName('*').length,
  }));
  assert.ok(drawn.treeRows <= drawn.capacity, JSON.stringify(drawn));
  assert.ok(drawn.elements < 3000, JSON.stringify(drawn));

  // Scrolled up to the fields not read before the page: the page that ends where they end is read, and the rows in
  // view stay where they were (the tree grows above them).
  const anchor = await page.evaluate(() => {
    const tree = document.querySelector('#tree');
    const gap = state.visible.findIndex((index) => index < 0);
    tree.scrollTop = (gap + 4) * 20;
    renderTree(); // draws the rows in view, the place not read among them, and asks for the page above them
    const top = tree.getBoundingClientRect().top;
    const row = [...tree.querySelectorAll('.row[data-node]')].find((r) => r.getBoundingClientRect().top >= top);
    return { gap, node: row.dataset.node, top: row.getBoundingClientRect().top };
  });
  assert.equal(anchor.gap, 301, 'the first 300 fields and the header, then the place not read');
  await page.waitForFunction(() => !state.loadingFields && !document.querySelector('#tree .row.gap'));
  const after = await page.evaluate((node) => document.querySelector(`#tree .row[data-node="${node}"]`)?.getBoundingClientRect().top, anchor.node);
  assert.equal(after, anchor.top, 'the row in view did not move');
  assert.ok(requests.includes('/api/messages/0/fields?from=87745&take=2000'), JSON.stringify(requests)); // fields 87,745-89,744, up to the parent of the page's first field
  assert.deepEqual(problems, []);
  await context.close();
});
