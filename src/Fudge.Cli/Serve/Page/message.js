// One message: its fields as a tree (drawn by views.js), its bytes, pointing and pinning, the pinned field's detail,
// copying, search within it, and jumping to a message number or a byte offset. Shares the page's globals with
// app.js; data is only ever set as text.
'use strict';

// ---------------------------------------------------------------- one message: tree and bytes

function closeMessage() {
  state.message = null;
  state.selectedId = null;
  clearFields();
  state.visible = [];
  state.size = 0;
  state.chunks = new Map();
  $('message-title').textContent = 'Choose a message';
  $('message-error').hidden = true;
  unpin();
  renderTree();
  renderHex();
}

async function openMessage(id, options = {}) {
  state.selectedId = id;
  for (const row of $('list').tBodies[0].rows) row.classList.toggle('selected', Number(row.dataset.id) === id);
  const { ok, body } = await getJson(`api/messages/${id}?fields=${firstFields}`);
  if (state.selectedId !== id) return; // another message was opened meanwhile
  if (!ok) { $('message-title').textContent = body.detail; return; }
  // The panes are drawn first, from scroll positions read while the layout is still clean, and everything else is
  // written after them: no size or position is read after a write, so the first view costs one layout, not three.
  const tree = $('tree');
  const hex = $('hex');
  if (tree.scrollTop) tree.scrollTop = 0;
  if (hex.scrollTop) hex.scrollTop = 0;
  state.message = body;
  state.size = body.size;
  state.chunks = new Map([[0, hexBytes(body.hex)]]);
  state.collapseNew = false;
  state.collapsed = new Set();
  state.fault = body.error ? body.error.offset : -1;
  resetFields(body);
  state.pointed = state.pointedByte = state.pinned = state.pinnedByte = -1;
  state.hexHover = -1;
  state.cursor = 0;
  state.matches = [];
  state.matchSet = new Set();
  state.matchText = '';
  state.match = -1;
  layoutTree();
  renderHex(0);
  const where = (body.location ? body.location + ', ' : '') + 'offset ' + body.offset;
  $('message-title').textContent = `Message ${body.id} · ${body.size} bytes · ${where} · schema ${body.schemaVersion} · taxonomy ${body.taxonomyId}` + (body.namesRestored ? ' (names restored)' : '');
  showFault(body);
  $('search-info').textContent = '';
  unpin();
  if (options.remember !== false) remember();
}

function showFault(body) {
  const error = $('message-error');
  error.hidden = !body.error;
  error.textContent = body.error ? `malformed at byte ${body.error.fileOffset} (byte ${body.error.offset} of the message): ${body.error.reason}` : '';
  const fault = body.error ? body.error.offset : -1;
  if (fault !== state.fault) { state.fault = fault; markHex(); } // a page of fields ending at a fault
}

// The first bytes arrive as hex in the message's answer (64 KiB: 128 KiB of text). Decoded natively where the browser
// can (Uint8Array.fromHex: a fraction of a millisecond), else digit by digit: that loop, run once per opening and cold
// (interpreted), cost 16 ms of the open's main thread.
function hexBytes(hex) {
  if (typeof Uint8Array.fromHex === 'function') return Uint8Array.fromHex(hex);
  const bytes = new Uint8Array(hex.length / 2);
  const digit = (c) => (c < 58 ? c - 48 : c - 87); // 0-9, a-f (the server writes lower case)
  for (let i = 0; i < bytes.length; i++) bytes[i] = (digit(hex.charCodeAt(2 * i)) << 4) | digit(hex.charCodeAt(2 * i + 1));
  return bytes;
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
    const unread = byteOffset >= 0 && !holdsByte(byteOffset);
    const full = state.held >= maxFieldsHeld;
    info.textContent = byteOffset < 0 ? '' : `byte ${byteOffset}: ` + (!unread ? 'not inside any field' : full ? `in a field not read, and the page holds all the ${maxFieldsHeld.toLocaleString('en')} fields it may` : 'reading the fields around it…');
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
  if (index < 0 || !state.nodes[index]) return;
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
  const matches = [];
  if (needle) forEachHeld((node, index) => {
    if (!node.isHeader && (node.key.toLowerCase().includes(needle) || (node.name ?? '').toLowerCase().includes(needle) || (node.value ?? '').toLowerCase().includes(needle))) matches.push(index);
  });
  state.matches = matches;
  state.matchSet = new Set(state.matches); // what a drawn row asks
  state.matchText = text;
  state.match = -1;
}

// What the search found; while fields are still being read for it, that it goes on.
function showSearchCount() {
  const more = (state.fieldsCut || state.ranges.length > 1) && state.loadingFields ? ' so far (reading the rest)' : '';
  $('search-info').textContent = !state.matchText ? '' : !state.matches.length ? 'no field matches' + more
    : state.match >= 0 ? `${state.match + 1} of ${state.matches.length}${more}` : `${state.matches.length} fields match${more}`;
}

// A search covers every field the page may hold: the pages not read yet are read for it, and it is run again on each.
function searchAll(text) {
  search(text);
  if (text && (state.fieldsCut || state.ranges.length > 1)) loadFieldsUntil(() => false).then(showSearchCount);
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
  await loadFieldsAt(offset);
  const owner = ownerOf(offset);
  if (owner >= 0) pin(owner, offset, { reveal: true, remember: false });
  $('hex').scrollTop = Math.max(0, Math.floor(offset / bytesPerRow) * hexRow - hexHeight / 3);
  renderHex(); // from the position the browser kept (within the bytes)
  remember(true);
}

// ---------------------------------------------------------------- wiring

const panes = new ResizeObserver(panesResized);
panes.observe($('tree'));
panes.observe($('hex'));
$('tree').addEventListener('scroll', () => renderTree(), { passive: true });
$('hex').addEventListener('scroll', () => { renderHex(); if (hexPointer) pointInHex(hexPointer); }, { passive: true });
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
    case 'ArrowDown': moveCursor(nextRow(position, 1)); break;
    case 'ArrowUp': moveCursor(nextRow(position, -1)); break;
    case 'Home': moveCursor(nextRow(-1, 1)); break;
    case 'End': moveCursor(nextRow(state.visible.length, -1)); break;
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
// The byte under the pointer is found from its position (byteUnder: the hex view is text, with no element per byte),
// and acted on when it changes. A byte in a field not held: said at once, named when the page around it has come
// (requestFields points again); a byte the pointer has left by then is not read for.
// The bytes scrolling under a pointer that stays put are pointed at too (from where the pointer was last seen).
function pointInHex(position) {
  if (!state.nodes.length) return;
  const offset = byteUnder(position);
  if (offset === state.hexHover) return;
  state.hexHover = offset;
  if (offset < 0) return;
  point(ownerOf(offset), offset);
  if (!holdsByte(offset)) loadFieldsAt(offset, () => state.pointedByte === offset);
}
let hexPointer = null;
$('hex').addEventListener('mousemove', (event) => {
  hexPointer = { clientX: event.clientX, clientY: event.clientY };
  pointInHex(hexPointer);
});
$('hex').addEventListener('mouseleave', () => { hexPointer = null; state.hexHover = -1; });
$('hex').addEventListener('click', async (event) => {
  if (!state.nodes.length) return;
  const offset = byteUnder(event);
  if (offset < 0) return;
  const id = state.selectedId;
  await loadFieldsAt(offset);
  const owner = ownerOf(offset);
  if (owner >= 0 && state.selectedId === id) pin(owner, offset, { reveal: true });
});
document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && state.pinned >= 0) { unpin(); point(-1); remember(); } });
$('search-form').addEventListener('submit', (event) => { event.preventDefault(); nextMatch(); });
$('search').addEventListener('input', () => { searchAll($('search').value); showSearchCount(); renderTree(); });
// Folding all holds for the fields read later too.
$('expand-all').addEventListener('click', () => { state.collapseNew = false; state.collapsed.clear(); layoutTree(); });
$('collapse-all').addEventListener('click', () => { state.collapseNew = true; forEachHeld((node, index) => { if (node.isMessage) state.collapsed.add(index); }); layoutTree(); });
$('show-all').addEventListener('click', showAll);
$('copy-path').addEventListener('click', () => copy('path'));
$('copy-value').addEventListener('click', () => copy('value'));
$('copy-hex').addEventListener('click', () => copy('hex'));
