// One message: its fields as a tree (drawn by views.js), its bytes, pointing and pinning, the pinned field's detail,
// copying, search within it, and jumping to a message number or a byte offset. Shares the page's globals with
// app.js; data is only ever set as text.
'use strict';

// ---------------------------------------------------------------- one message: tree and bytes

function closeMessage() {
  state.message = null;
  state.selectedId = null;
  state.nodes = [];
  state.fieldsCut = false;
  state.loadingFields = null;
  state.visible = [];
  state.size = 0;
  state.chunks = new Map();
  $('message-title').textContent = 'Choose a message';
  $('message-error').hidden = true;
  unpin();
  renderTree();
  renderHex();
}

// A message opens with its first fields only (a screenful and more), drawn at once, whatever its size. The rest come
// page by page, each when something needs it: the tree scrolled near the last field held, a byte pointed at or jumped
// to past them, a link's pinned field, a search. So opening costs the same for a message of 90,000 fields as for one
// of five, and no answer is large. The page holds at most maxFieldsHeld fields of a message.
const firstFields = 300;
const fieldsPage = 2000;
const maxFieldsHeld = 100000;

async function openMessage(id, options = {}) {
  state.selectedId = id;
  for (const row of $('list').tBodies[0].rows) row.classList.toggle('selected', Number(row.dataset.id) === id);
  const { ok, body } = await getJson(`api/messages/${id}?fields=${firstFields}`);
  if (state.selectedId !== id) return; // another message was opened meanwhile
  if (!ok) { $('message-title').textContent = body.detail; return; }
  state.message = body;
  const where = (body.location ? body.location + ', ' : '') + 'offset ' + body.offset;
  $('message-title').textContent = `Message ${body.id} · ${body.size} bytes · ${where} · schema ${body.schemaVersion} · taxonomy ${body.taxonomyId}` + (body.namesRestored ? ' (names restored)' : '');
  showFault(body);
  state.size = body.size;
  state.chunks = new Map([[0, hexBytes(body.hex)]]);
  state.loadingFields = null;
  state.collapseNew = false;
  setFields(body);
  state.collapsed = new Set();
  state.pointed = state.pointedByte = state.pinned = state.pinnedByte = -1;
  state.cursor = 0;
  state.matches = [];
  state.matchSet = new Set();
  state.matchText = '';
  state.match = -1;
  $('search-info').textContent = '';
  $('tree').scrollTop = 0;
  $('hex').scrollTop = 0;
  unpin();
  layoutTree();
  renderHex();
  if (options.remember !== false) remember();
}

// Asks for the next page of fields (one request at a time: a second call gets the first's promise); resolves true
// when fields were added. The tree grows under what is drawn; folds, pins and the cursor stay (indexes are in
// document order, the same in every answer).
function loadMoreFields() {
  const id = state.selectedId;
  if (!state.fieldsCut || state.message?.id !== id || state.nodes.length - 1 >= maxFieldsHeld) return Promise.resolve(false);
  if (state.loadingFields) return state.loadingFields;
  const from = state.nodes.length - 1; // the envelope header is node 0
  const take = Math.min(fieldsPage, maxFieldsHeld - from);
  const loading = getJson(`api/messages/${id}/fields?from=${from}&take=${take}`).then(({ ok, body }) => {
    if (state.loadingFields === loading) state.loadingFields = null;
    if (!ok || state.selectedId !== id || state.message?.id !== id || state.nodes.length - 1 !== from) return false;
    addFields(body.fields, body.more);
    if (body.error) showFault(body);
    if (state.matchText) {
      const at = state.matches[state.match];
      search(state.matchText);
      state.match = at === undefined ? -1 : state.matches.indexOf(at);
      showSearchCount();
    }
    layoutTree();
    if (state.pointedByte >= 0 && state.pinned < 0) { const offset = state.pointedByte; state.pointedByte = -2; point(ownerOf(offset), offset); }
    return true;
  });
  state.loadingFields = loading;
  return loading;
}

// Loads pages until `done()` holds, the message has no more fields, or the page holds all it may.
async function loadFieldsUntil(done) {
  const id = state.selectedId;
  while (!done() && state.selectedId === id && state.fieldsCut && state.nodes.length - 1 < maxFieldsHeld) {
    if (!(await loadMoreFields())) return;
  }
}

// True once every field that starts at or before a byte is held (fields are in document order: starts only grow).
const holdsByte = (offset) => () => !state.fieldsCut || state.nodes[state.nodes.length - 1].start > offset;

function setFields(body) {
  state.nodes = withPaths([{ depth: 0, key: 'envelope header', type: `directives ${body.directives}, schema ${body.schemaVersion}, taxonomy ${body.taxonomyId}, size ${body.size}`, start: 0, valueStart: 8, end: 8, isHeader: true }]);
  addFields(body.fields, body.fieldsCut);
}

function addFields(fields, more) {
  const from = state.nodes.length;
  for (const field of fields) state.nodes.push(field);
  withPaths(state.nodes, from);
  if (state.collapseNew) for (let i = from; i < state.nodes.length; i++) if (state.nodes[i].isMessage) state.collapsed.add(i);
  state.fieldsCut = more;
}

function showFault(body) {
  const error = $('message-error');
  error.hidden = !body.error;
  error.textContent = body.error ? `malformed at byte ${body.error.fileOffset} (byte ${body.error.offset} of the message): ${body.error.reason}` : '';
  state.fault = body.error ? body.error.offset : -1;
}

function hexBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  const digit = (c) => (c < 58 ? c - 48 : c - 87); // 0-9, a-f (the server writes lower case)
  for (let i = 0; i < bytes.length; i++) bytes[i] = (digit(hex.charCodeAt(2 * i)) << 4) | digit(hex.charCodeAt(2 * i + 1));
  return bytes;
}

// Each field's display path (Log.Type), its parent, and where its subtree ends, from the depths of the flat list;
// from the node at index `from` on (those before it are done: their open sub-messages are taken up again).
function withPaths(nodes, from = 0) {
  const stack = [];
  const parents = [];
  for (let p = from - 1; p > 0; p = nodes[p].parent) { // the node before, and the sub-messages it is in
    stack[nodes[p].depth] = nodes[p].key;
    parents[nodes[p].depth] = p;
  }
  for (let index = from; index < nodes.length; index++) {
    const node = nodes[index];
    node.index = index;
    node.subtreeEnd = index + 1;
    if (node.isHeader) { node.displayPath = node.key; node.parent = -1; continue; }
    stack.length = node.depth;
    parents.length = node.depth;
    stack.push(node.key);
    node.displayPath = stack.join('.');
    node.parent = node.depth > 0 ? parents[node.depth - 1] : -1;
    parents.push(index);
    for (let p = node.parent; p >= 0; p = nodes[p].parent) nodes[p].subtreeEnd = index + 1;
  }
  return nodes;
}

// The innermost field holding a byte: the last field starting at or before it, or the nearest of its parents that
// still holds it (fields are in document order, so starts only grow). O(log n + depth), nothing per byte.
function ownerOf(offset) {
  const nodes = state.nodes;
  let low = 0, high = nodes.length - 1, found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (nodes[middle].start <= offset) { found = middle; low = middle + 1; } else high = middle - 1;
  }
  while (found >= 0 && offset >= nodes[found].end) found = nodes[found].parent;
  return found;
}

function partOf(node, offset) {
  if (node.isHeader || offset < node.valueStart) {
    return node.nameStart !== undefined && offset >= node.nameStart && offset < node.nameEnd ? 'name' : 'header';
  }
  return 'value';
}

// ---------------------------------------------------------------- pointing, pinning, the detail

// Marks the bytes of one field by part (header, name, value) and says what it is. A pinned field stays marked until
// another is pinned (a click) or Escape is pressed; pointing changes nothing meanwhile.
function point(index, byteOffset = -1) {
  if (state.pinned >= 0) return;
  if (index === state.pointed && byteOffset === state.pointedByte) return;
  state.pointed = index;
  state.pointedByte = byteOffset;
  showInfo(index, byteOffset);
  markTreeRows();
  markHex();
}

function markTreeRows() {
  for (const row of document.querySelectorAll('#tree .row[data-node]')) {
    const index = Number(row.dataset.node);
    row.classList.toggle('pointed', index === state.pointed || index === state.pinned);
    row.classList.toggle('pinned', index === state.pinned);
  }
}

function showInfo(index, byteOffset) {
  const info = $('hover-info');
  if (index < 0) {
    const unread = byteOffset >= 0 && !holdsByte(byteOffset)();
    const full = state.nodes.length - 1 >= maxFieldsHeld;
    info.textContent = byteOffset < 0 ? '' : `byte ${byteOffset}: ` + (!unread ? 'not inside any field' : full ? `in a field after the first ${maxFieldsHeld.toLocaleString('en')}, which are all the page holds` : 'reading the fields up to it…');
    return;
  }
  const node = state.nodes[index];
  const parts = [];
  if (byteOffset >= 0) {
    const value = byteAt(byteOffset);
    const where = node.isHeader ? ['the envelope header'] : [`the ${partOf(node, byteOffset)} of `, isolated(node.displayPath)];
    parts.push(`byte ${byteOffset} = 0x${(value ?? 0).toString(16).padStart(2, '0')} in `, ...where, '\n');
  }
  parts.push(isolated(node.displayPath), ` (${node.type}): bytes ${node.start}–${node.end - 1}`);
  if (!node.isHeader) {
    parts.push(`, header ${node.start}–${node.valueStart - 1}` + (node.nameStart !== undefined ? `, name ${node.nameStart}–${node.nameEnd - 1}` : '') + `, value ${node.valueStart}–${node.end - 1}`);
  }
  info.replaceChildren(...parts);
}


function pin(index, byteOffset = -1, options = {}) {
  if (index < 0 || index >= state.nodes.length) return;
  state.pinned = -1;
  state.pointed = index;
  state.pointedByte = byteOffset;
  showInfo(index, byteOffset);
  state.pinned = index;
  state.pinnedByte = byteOffset;
  state.cursor = index;
  state.fullValue = null;
  if (options.reveal) revealNode(index);
  markTreeRows();
  markHex();
  showDetail();
  if (options.remember !== false) remember();
}

function unpin() {
  state.pinned = state.pinnedByte = -1;
  state.fullValue = null;
  showDetail();
  markTreeRows();
  markHex();
}

function showDetail() {
  const node = state.pinned >= 0 ? state.nodes[state.pinned] : null;
  const head = $('detail-head');
  const value = $('detail-value');
  for (const id of ['copy-path', 'copy-value', 'copy-hex']) $(id).disabled = !node || node.isHeader;
  $('copy-hex').disabled = !node;
  $('copy-info').textContent = '';
  if (!node) {
    head.replaceChildren('Click a field (or press Enter on it) to pin it here.');
    value.replaceChildren();
    $('show-all').hidden = true;
    return;
  }
  head.replaceChildren(isolated(node.displayPath), ` (${node.type}) · bytes ${node.start}–${node.end - 1}` + (node.path ? ' · path ' : ''));
  if (node.path) head.append(el('code', 'iso filter-path', node.path));
  if (node.hidden) head.append(' ', badge());
  value.replaceChildren(el('span', 'value iso', state.fullValue ?? node.value ?? ''));
  $('show-all').hidden = !node.cut || state.fullValue !== null;
}

async function showAll() {
  const node = state.nodes[state.pinned];
  if (!node) return;
  const { ok, body } = await getJson(`api/messages/${state.selectedId}/value?field=${node.index - 1}`);
  if (!ok) { $('copy-info').textContent = body.detail; return; }
  state.fullValue = body.value;
  showDetail();
}

async function fieldHex(node) {
  const response = await fetch(`api/messages/${state.selectedId}/bytes?start=${node.start}&length=${node.end - node.start}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = '';
  for (const b of bytes) text += b.toString(16).padStart(2, '0');
  return text;
}

async function copy(what) {
  const node = state.nodes[state.pinned];
  if (!node) return;
  let text;
  if (what === 'path') text = node.path;
  else if (what === 'value') text = state.fullValue ?? (node.cut ? (await (await fetch(`api/messages/${state.selectedId}/value?field=${node.index - 1}`)).json()).value : node.value ?? '');
  else text = await fieldHex(node);
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  $('copy-info').textContent = `copied the ${what === 'hex' ? 'bytes as hex' : what} (${text.length} characters)`;
}

// ---------------------------------------------------------------- search within the message

function search(text) {
  const needle = text.toLowerCase();
  state.matches = !needle ? [] : state.nodes.filter((node) => !node.isHeader && (
    node.key.toLowerCase().includes(needle) || (node.name ?? '').toLowerCase().includes(needle) || (node.value ?? '').toLowerCase().includes(needle))).map((node) => node.index);
  state.matchSet = new Set(state.matches); // what a drawn row asks
  state.matchText = text;
  state.match = -1;
}

// What the search found; while fields are still being read for it, that it goes on.
function showSearchCount() {
  const more = state.fieldsCut && state.loadingFields ? ' so far (reading the rest)' : '';
  $('search-info').textContent = !state.matchText ? '' : !state.matches.length ? 'no field matches' + more
    : state.match >= 0 ? `${state.match + 1} of ${state.matches.length}${more}` : `${state.matches.length} fields match${more}`;
}

// A search covers every field the page may hold: the pages not read yet are read for it, and it is run again on each.
function searchAll(text) {
  search(text);
  if (text && state.fieldsCut) loadFieldsUntil(() => false).then(showSearchCount);
}

function nextMatch() {
  const text = $('search').value;
  if (text !== state.matchText) searchAll(text);
  if (!state.matches.length) { showSearchCount(); renderTree(); return; }
  state.match = (state.match + 1) % state.matches.length;
  showSearchCount();
  pin(state.matches[state.match], -1, { reveal: true });
}

// ---------------------------------------------------------------- jumping

async function gotoMessage(id) {
  if (state.source?.kind !== 'store' && !state.where) {
    state.skip = Math.floor(id / pageSize) * pageSize;
    await loadPage();
  }
  await openMessage(id);
}

async function gotoOffset(text) {
  const match = /^(?:(.+):)?(\d+)$/.exec(text.trim());
  if (!match) { $('goto-error').textContent = 'a byte offset is a whole number, or file:number in a folder'; return; }
  const { ok, body } = await getJson('api/locate?' + query({ offset: match[2], location: match[1] }));
  if (!ok) { $('goto-error').textContent = body.detail; return; }
  if (state.where) { state.where = ''; $('filter').value = ''; startCount(); }
  await gotoMessage(body.id);
  const offset = Number(match[2]) - body.offset;
  await loadFieldsUntil(holdsByte(offset));
  const owner = ownerOf(offset);
  if (owner >= 0) pin(owner, offset, { reveal: true, remember: false });
  $('hex').scrollTop = Math.max(0, Math.floor(offset / bytesPerRow) * hexRow - $('hex').clientHeight / 3);
  renderHex();
  remember(true);
}

// ---------------------------------------------------------------- wiring

$('tree').addEventListener('scroll', () => renderTree(), { passive: true });
$('hex').addEventListener('scroll', () => renderHex(), { passive: true });
$('tree').addEventListener('mouseover', (event) => {
  const row = event.target.closest('.row[data-node]');
  if (row) point(Number(row.dataset.node));
});
$('tree').addEventListener('click', (event) => {
  const row = event.target.closest('.row[data-node]');
  if (row) { pin(Number(row.dataset.node)); row.focus({ preventScroll: true }); }
});
$('tree').addEventListener('focusin', (event) => {
  const row = event.target.closest('.row[data-node]');
  if (row) state.cursor = Number(row.dataset.node);
});
$('tree').addEventListener('keydown', (event) => {
  const index = state.cursor;
  const node = state.nodes[index];
  if (!node) return;
  const position = state.rowOf.get(index);
  let handled = true;
  switch (event.key) {
    case 'ArrowDown': moveCursor(state.visible[Math.min(state.visible.length - 1, position + 1)]); break;
    case 'ArrowUp': moveCursor(state.visible[Math.max(0, position - 1)]); break;
    case 'Home': moveCursor(state.visible[0]); break;
    case 'End': moveCursor(state.visible[state.visible.length - 1]); break;
    case 'ArrowRight':
      if (node.isMessage && state.collapsed.has(index)) { setCollapsed(index, false); moveCursor(index); } else if (node.isMessage) moveCursor(index + 1);
      break;
    case 'ArrowLeft':
      if (node.isMessage && !state.collapsed.has(index)) { setCollapsed(index, true); moveCursor(index); } else if (node.parent >= 0) moveCursor(node.parent);
      break;
    case 'Enter': pin(index); moveCursor(index); break;
    default: handled = false;
  }
  if (handled) event.preventDefault();
});
// A byte past the fields held: said at once, named when the pages up to it have come (loadMoreFields points again).
$('hex').addEventListener('mouseover', (event) => {
  const cell = event.target.closest('.b[data-i]');
  if (!cell || !state.nodes.length) return;
  const offset = Number(cell.dataset.i);
  point(ownerOf(offset), offset);
  if (!holdsByte(offset)()) loadFieldsUntil(holdsByte(offset));
});
$('hex').addEventListener('click', async (event) => {
  const cell = event.target.closest('.b[data-i]');
  if (!cell || !state.nodes.length) return;
  const offset = Number(cell.dataset.i);
  const id = state.selectedId;
  await loadFieldsUntil(holdsByte(offset));
  const owner = ownerOf(offset);
  if (owner >= 0 && state.selectedId === id) pin(owner, offset, { reveal: true });
});
document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && state.pinned >= 0) { unpin(); point(-1); remember(); } });
$('search-form').addEventListener('submit', (event) => { event.preventDefault(); nextMatch(); });
$('search').addEventListener('input', () => { searchAll($('search').value); showSearchCount(); renderTree(); });
// Folding all holds for the fields read later too.
$('expand-all').addEventListener('click', () => { state.collapseNew = false; state.collapsed.clear(); layoutTree(); });
$('collapse-all').addEventListener('click', () => { state.collapseNew = true; state.nodes.forEach((node) => { if (node.isMessage) state.collapsed.add(node.index); }); layoutTree(); });
$('show-all').addEventListener('click', showAll);
$('copy-path').addEventListener('click', () => copy('path'));
$('copy-value').addEventListener('click', () => copy('value'));
$('copy-hex').addEventListener('click', () => copy('hex'));
