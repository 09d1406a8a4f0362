// A message of 10 MB (FUDGE_EXPLORER_LARGE_URL: 1,000 sub-messages, 5,001 fields, a 10,000,000-character string).
// What keeps it as quick as a small one, checked by what a regression would change rather than by timing alone: only
// the rows in view are in the document (the tree's and the hex view's), however far either is scrolled or unfolded;
// the server sends the fields in pages, asked for only when something needs them (here: the last byte pointed at, whose
// page alone is read), and the bytes in 64 KiB pieces as they come into view, so no answer is large.
// The timings of the main thread's work are measured by bench-large.mjs (bash .ci/browser.sh bench) on a quiet machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, pointAtByte, text } from './browser.mjs';

const largeUrl = process.env.FUDGE_EXPLORER_LARGE_URL;

// What is in the document, against what the panes can show: a row is 20 px in the tree and 18 px in the hex view,
// and each draws 5 rows more above and below (and the tree a "more fields" row).
const drawn = (page) => page.evaluate(() => {
  const tree = document.querySelector('#tree');
  const hex = document.querySelector('#hex');
  return {
    treeRows: tree.querySelectorAll('.row').length,
    treeCapacity: Math.ceil(tree.clientHeight / 20) + 11 + 1,
    hexRows: hexProbe.rows(),
    hexCapacity: Math.ceil(hex.clientHeight / 18) + 11,
    hexElements: hex.getElementsByTagName('*').length,
    elements: document.getElementsByTagName('*').length,
    held: state.held,
  };
});

function assertBounded(figures, when) {
  const at = `${when}: ${JSON.stringify(figures)}`;
  assert.ok(figures.treeRows > 0 && figures.treeRows <= figures.treeCapacity, 'tree rows ' + at);
  assert.ok(figures.hexRows > 0 && figures.hexRows <= figures.hexCapacity, 'hex rows ' + at);
  // The hex view is text: its layers and the marks of one field (a few boxes a part), never an element per byte.
  assert.ok(figures.hexElements <= 40, 'hex elements ' + at);
  // The whole page: the list, the panes' rows in view and the rest. The whole tree would add 30,000 elements, the
  // whole hex view millions.
  assert.ok(figures.elements < 3000, 'elements ' + at);
}

test('a 10 MB message: only the rows in view are drawn, its fields and bytes come in pages when needed, pointing stays quick', { skip: !largeUrl }, async (t) => {
  const { page, context, problems } = await open(largeUrl);
  const answers = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/messages/0')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const fields = url.pathname.endsWith('/fields') || url.pathname === '/api/messages/0' ? JSON.parse(body.toString()).fields.length : undefined;
    answers.push({ path: url.pathname + url.search, bytes: body.length, fields });
  });
  await page.waitForSelector('#list tbody tr[data-id="0"]');

  // The first view (title, first tree rows, first bytes), timed from the click: it needs the first page of fields only.
  const opened = await page.evaluate(() => new Promise((resolve) => {
    const start = performance.now();
    document.querySelector('#list tbody tr[data-id="0"]').click();
    const check = () => {
      if (document.querySelector('#message-title').textContent.startsWith('Message 0') && document.querySelector('#tree .row[data-node="1"]') && hexProbe.text(0) !== null) resolve(performance.now() - start);
      else requestAnimationFrame(check);
    };
    check();
  }));
  const size = Number((await text(page, '#message-title')).match(/(\d+) bytes/)[1]);
  assert.ok(size > 10_000_000, `${size} bytes`);
  await page.waitForTimeout(300); // nothing else is asked for while nothing needs it
  const opening = await drawn(page);
  assert.equal(opening.held, 300, 'the first 300 fields only: ' + JSON.stringify(opening));
  assertBounded(opening, 'opened');

  // The last byte pointed at: the page around it is read (not the pages before it), and it is named.
  const pointedLast = await page.evaluate(() => new Promise((resolve) => {
    const hex = document.querySelector('#hex');
    hex.scrollTop = hex.scrollHeight;
    renderHex();
    const start = performance.now();
    const check = () => {
      const last = hexProbe.drawn()[1] - 1;
      const box = hexProbe.box(last);
      if (last === state.size - 1 && hexProbe.text(last) !== '··') {
        if (!window.__pointed) { hex.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: box.x, clientY: box.y })); window.__pointed = true; }
        if (/in the value of blob/.test(document.querySelector('#hover-info').textContent)) { resolve(performance.now() - start); return; }
      }
      requestAnimationFrame(check);
    };
    check();
  }));
  const named = await drawn(page);
  assert.ok(named.held > 300 && named.held <= 300 + 2000 + 1, 'the first fields and the page around the last byte: ' + JSON.stringify(named));
  assertBounded(named, 'hex view scrolled to its end');

  // Fields in pages: the first answer holds the first 300, then the one page around the byte (?at=), at most 2,000;
  // no answer is large.
  await page.waitForTimeout(100); // the last response's body
  const fieldAnswers = answers.filter((a) => a.fields !== undefined);
  assert.equal(fieldAnswers.length, 2, JSON.stringify(answers));
  assert.equal(fieldAnswers[0].fields, 300, JSON.stringify(answers));
  assert.match(fieldAnswers[1].path, /\/fields\?at=\d+/, JSON.stringify(answers));
  for (const answer of fieldAnswers) assert.ok(answer.fields <= 2000, JSON.stringify(answer));
  for (const answer of answers) assert.ok(answer.bytes < 1_000_000, JSON.stringify(answer));

  // Scrolled to their ends, unfolded and folded: still only what is in view.
  await page.evaluate(() => { const tree = document.querySelector('#tree'); tree.scrollTop = tree.scrollHeight; renderTree(); });
  assertBounded(await drawn(page), 'tree scrolled to its end');
  const fetched = answers.filter((a) => a.path.includes('/bytes')).reduce((sum, a) => sum + a.bytes, 0);
  assert.ok(fetched <= 2 * 65536, `the bytes in view were fetched, not the message: ${fetched} bytes`);
  await page.click('#collapse-all');
  await page.click('#expand-all');
  assertBounded(await drawn(page), 'folded and unfolded');

  // Pointing: the script a move runs, at the end of the bytes, at their start (a move over a byte's digits, where the
  // browser drew them) and over the tree (a row entered).
  const timing = (target) => page.evaluate((t) => {
    const times = [];
    const hex = document.querySelector('#hex');
    const moves = t === 'hex'
      ? hexProbe.shown().slice(0, 40).map((b) => () => hex.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: b.x, clientY: b.y })))
      : [...document.querySelectorAll('#tree .row[data-node]')].slice(0, 40).map((row) => () => row.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    for (const move of moves) {
      const start = performance.now();
      move();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { median: times[times.length >> 1], max: times[times.length - 1], count: times.length };
  }, target);
  const hexEnd = await timing('hex');
  await page.evaluate(() => { const hex = document.querySelector('#hex'); hex.scrollTop = 0; renderHex(); });
  const hexStart = await timing('hex');
  const tree = await timing('tree');

  // Bytes scrolling under a pointer that stays put are pointed at: three rows scrolled, the byte 48 further is named.
  await pointAtByte(page, 163);
  assert.match(await text(page, '#hover-info'), /^byte 163 = /);
  await page.evaluate(() => { document.querySelector('#hex').scrollTop = 3 * 18; });
  await page.waitForFunction(() => /^byte 211 = /.test(document.querySelector('#hover-info').textContent));
  const figures = { size, openMs: Math.round(opened), lastByteNamedMs: Math.round(pointedLast), hexStart, hexEnd, tree, answers: answers.length };
  t.diagnostic(JSON.stringify(figures));
  // Generous bounds for a loaded CI machine; the figures to quote come from bench-large.mjs on a quiet one.
  assert.ok(hexEnd.count === 40 && hexStart.count === 40, JSON.stringify(figures)); // the moves were over bytes
  assert.ok(hexEnd.median < 100 && hexStart.median < 100 && tree.median < 100, JSON.stringify(figures));
  assert.ok(opened < 5000, JSON.stringify(figures));
  assert.deepEqual(problems, []);
  await context.close();
});
