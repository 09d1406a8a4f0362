// The message explorer's page. Every name and value from a message reaches the page as text (textContent; no markup
// is ever built from data), so a field named <script> is shown, not run; the server's Content-Security-Policy backs
// this up. Names and values arrive escaped by the tool's one escaping function (invisible and direction-changing
// characters as \uXXXX), and each is shown in an element of its own with `unicode-bidi: isolate`, so no name or value
// can reorder the text around it.
'use strict';

const pageSize = 25;
const treeRow = 20; // px: every tree row and hex row has a fixed height, so the views can be virtualized
const hexRow = 18;
const bytesPerRow = 16;
const chunkSize = 64 * 1024;
const hiddenTitle = 'This name or value holds invisible or direction-changing characters (bidi controls, zero-width or other format characters, controls); they are shown as \\u escapes.';

const state = {
  source: null, skip: 0, where: '', total: null, filterCount: null, countTimer: 0,
  message: null, selectedId: null, nodes: [], visible: [], collapsed: new Set(), cursor: -1,
  pointed: -1, pointedByte: -1, pinned: -1, pinnedByte: -1, chunks: new Map(), size: 0, fault: -1,
  matches: [], match: -1, fullValue: null,
};
const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '' && value !== null && value !== undefined && value !== -1) search.set(name, value);
  return search.toString();
}

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  return { ok: response.ok, status: response.status, body };
}

// ---------------------------------------------------------------- the URL holds the state

// ?source=…&where=…&skip=…&m=ID&f=FIELD: a link opens the same page, message and field; Back and Forward walk them.
function stateUrl() {
  return '?' + query({ source: state.source?.description, where: state.where, skip: state.skip || '', m: state.selectedId ?? '', f: state.pinned > 0 ? state.pinned - 1 : '',
    ...(window.chartParams ? window.chartParams() : {}) });
}

function remember(replace) {
  const url = stateUrl();
  if (url === location.search || (url === '?' && location.search === '')) return;
  if (replace) history.replaceState(null, '', url); else history.pushState(null, '', url);
}

async function restore() {
  const params = new URLSearchParams(location.search);
  const where = params.get('where') ?? '';
  const source = params.get('source');
  const note = $('link-note');
  note.hidden = !(source && state.source && source !== state.source.description);
  note.textContent = note.hidden ? '' : `this link was made for ${source}, not for what this explorer shows`;
  $('filter').value = where;
  const filterChanged = where !== state.where;
  state.where = where;
  state.skip = Math.max(0, Number(params.get('skip')) || 0);
  if (filterChanged) startCount();
  await loadPage();
  const m = params.get('m');
  const f = params.get('f');
  if (m !== null && m !== '') {
    if (Number(m) !== state.selectedId || !state.message) await openMessage(Number(m), { remember: false });
    if (f !== null && f !== '') pin(Number(f) + 1, -1, { remember: false, reveal: true });
    else unpin();
  } else {
    closeMessage();
  }
}

// ---------------------------------------------------------------- the source and the list

async function loadSource() {
  const { body } = await getJson('api/source');
  state.source = body;
  const count = body.complete ? `${body.count} messages` + (body.following ? ' so far (following)' : '') : `${body.count}+ messages (still counting)`;
  $('source').textContent = `${body.description} (${body.kind}) · ${count}` + (body.taxonomies ? ` · ${body.taxonomies} taxonomies` : '');
  $('source-error').hidden = !body.error;
  $('source-error').textContent = body.error ? `stopped reading: ${body.error}` : '';
  $('source-notice').hidden = !body.notice;
  $('source-notice').textContent = body.notice ?? '';
  $('tail-label').hidden = !body.following;
  if (body.following || body.kind === 'file') {
    // A growing file or a broker, or a file that may be truncated or replaced: looked at every second (pollFollow).
    if (!state.followTimer) state.followTimer = setInterval(pollFollow, 1000);
    updatePager();
  } else if (!body.complete) {
    setTimeout(async () => { await loadSource(); if (!state.where) await loadPage(); }, 700);
  } else {
    updatePager();
  }
}

// Messages arrived (the list shows them; on the last page with "show newest" checked it moves there, as tail -f), or
// the file was truncated or replaced (a new generation: the list starts over and the notice says what happened).
async function pollFollow() {
  if (state.polling) return;
  state.polling = true;
  try {
    const before = state.source;
    await loadSource();
    const now = state.source;
    if (now.generation !== before.generation) {
      state.skip = 0;
      closeMessage();
      startCount();
      await loadPage();
      remember(true);
    } else if (now.count !== before.count) {
      if (state.where) startCount();
      const tail = now.following && $('tail').checked;
      if (tail && !state.where) state.skip = lastPageSkip();
      if (!state.where || tail) await loadPage();
      if (tail) remember(true);
    }
    document.dispatchEvent(new CustomEvent('source-polled', { detail: { before, now } }));
  } finally {
    state.polling = false;
  }
}

async function loadPage() {
  const { ok, status, body } = await getJson('api/messages?' + query({ skip: state.skip, take: pageSize, where: state.where }));
  if (status === 409) { $('source-notice').hidden = false; $('source-notice').textContent = body.detail; return; } // pollFollow reloads
  if (!ok) { showFilterError(body); return; }
  hideFilterError();
  setDownloads(); // only a filter that parsed reaches the download links
  state.total = body.total ?? null;
  state.seen = body.seen;
  const rows = $('list').tBodies[0];
  rows.replaceChildren();
  for (const message of body.messages) {
    const row = el('tr');
    row.dataset.id = message.id;
    row.tabIndex = 0;
    if (message.id === state.selectedId) row.classList.add('selected');
    const preview = el('td', 'preview');
    if (message.hidden) preview.append(badge());
    if (message.fields) {
      message.fields.forEach((field, i) => {
        if (i > 0) preview.append(', ');
        preview.append(el('span', 'pv-key', field.key));
        if (field.value !== undefined && field.value !== null) preview.append('=', el('span', 'pv-value', field.value));
      });
      if (message.preview.endsWith('…')) preview.append(message.preview.endsWith(', …') ? ', …' : '…');
    } else {
      preview.append(el('span', 'pv-value', message.preview));
    }
    preview.title = message.preview; // the whole preview, when the cell cuts it
    row.append(el('td', 'num', String(message.id)),
      el('td', 'num', (message.location ? message.location + ':' : '') + message.offset),
      el('td', 'num', String(message.size)),
      preview);
    row.addEventListener('click', () => openMessage(message.id));
    rows.append(row);
  }
  const first = body.messages.length ? state.skip + 1 : 0;
  const last = state.skip + body.messages.length;
  const total = knownTotal();
  const of = total !== null ? `of ${total}` : `of ${last}+ (${body.seen} read so far)`;
  $('page-info').textContent = body.messages.length ? `${first}–${last} ${of}` : (state.where ? 'no message matches' : 'no messages');
  state.pageLength = body.messages.length;
  updatePager();
}

// The total of the list: the page's own, or the background count's once it is complete.
function knownTotal() {
  if (state.total !== null) return state.total;
  if (state.where && state.filterCount?.complete) return state.filterCount.matched;
  if (!state.where && state.source?.complete) return state.source.count;
  return null;
}

function updatePager() {
  const total = knownTotal();
  const last = state.skip + (state.pageLength ?? 0);
  $('first').disabled = $('prev').disabled = state.skip === 0;
  $('next').disabled = total !== null ? last >= total : (state.pageLength ?? 0) < pageSize;
  $('last').disabled = total === null || last >= total;
}

function lastPageSkip() {
  const total = knownTotal();
  return total ? Math.floor((total - 1) / pageSize) * pageSize : 0;
}

// A filter's total, counted by the server in the background, polled with its progress.
function startCount() {
  clearTimeout(state.countTimer);
  state.filterCount = null;
  $('count-info').textContent = '';
  if (!state.where) return;
  const where = state.where;
  const poll = async () => {
    const { ok, body } = await getJson('api/count?' + query({ where }));
    if (where !== state.where || !ok) return;
    state.filterCount = body;
    const all = state.source?.count;
    const progress = all ? ` (${Math.min(100, Math.round((100 * body.scanned) / all))}% of ${all} looked at)` : '';
    $('count-info').textContent = body.complete ? `${body.matched} messages match the filter` : `counting: ${body.matched} match so far${progress}`;
    if (body.complete) {
      if (state.total === null) {
        const info = $('page-info');
        info.textContent = info.textContent.replace(/of \d+\+ \(\d+ read so far\)$/, `of ${body.matched}`);
      }
      updatePager();
    } else {
      state.countTimer = setTimeout(poll, 300);
    }
  };
  poll();
}

function setDownloads() {
  for (const format of ['fudge', 'json', 'xml']) $('download-' + format).href = 'api/download?' + query({ format, where: state.where });
}

// A filter that does not parse: the text with a caret under the column the parser names, and the reason.
function showFilterError(problem) {
  const box = $('filter-error');
  box.hidden = false;
  const text = state.where.split('\n')[(problem.line || 1) - 1] ?? state.where;
  $('filter-echo').textContent = problem.column ? text + '\n' + ' '.repeat(problem.column - 1) + '^' : text;
  $('filter-message').textContent = problem.column ? `line ${problem.line}, column ${problem.column}: ${problem.detail}` : problem.detail;
  const input = $('filter');
  input.setAttribute('aria-invalid', 'true');
  if (problem.column) { input.focus(); input.setSelectionRange(problem.column - 1, problem.column); }
}

function hideFilterError() {
  $('filter-error').hidden = true;
  $('filter').removeAttribute('aria-invalid');
}

function badge() {
  const mark = el('span', 'badge', '⚠ hidden');
  mark.title = hiddenTitle;
  return mark;
}

// ---------------------------------------------------------------- one message: tree and bytes

function closeMessage() {
  state.message = null;
  state.selectedId = null;
  state.nodes = [];
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
  const { ok, body } = await getJson('api/messages/' + id);
  if (!ok) { $('message-title').textContent = body.detail; return; }
  state.message = body;
  const where = (body.location ? body.location + ', ' : '') + 'offset ' + body.offset;
  $('message-title').textContent = `Message ${body.id} · ${body.size} bytes · ${where} · schema ${body.schemaVersion} · taxonomy ${body.taxonomyId}` + (body.namesRestored ? ' (names restored)' : '');
  const error = $('message-error');
  error.hidden = !body.error;
  error.textContent = body.error ? `malformed at byte ${body.error.fileOffset} (byte ${body.error.offset} of the message): ${body.error.reason}` : '';
  state.size = body.size;
  state.fault = body.error ? body.error.offset : -1;
  state.chunks = new Map([[0, hexBytes(body.hex)]]);
  state.nodes = withPaths([{ depth: 0, key: 'envelope header', type: `directives ${body.directives}, schema ${body.schemaVersion}, taxonomy ${body.taxonomyId}, size ${body.size}`, start: 0, valueStart: 8, end: 8, isHeader: true }, ...body.fields]);
  state.fieldsCut = body.fieldsCut;
  state.collapsed = new Set();
  state.pointed = state.pointedByte = state.pinned = state.pinnedByte = -1;
  state.cursor = 0;
  state.matches = [];
  state.match = -1;
  $('search-info').textContent = '';
  $('tree').scrollTop = 0;
  $('hex').scrollTop = 0;
  unpin();
  layoutTree();
  renderHex();
  if (options.remember !== false) remember();
}

function hexBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
  return bytes;
}

// Each field's display path (Log.Type), its parent, and where its subtree ends, from the depths of the flat list.
function withPaths(nodes) {
  const stack = [];
  const parents = [];
  nodes.forEach((node, index) => {
    node.index = index;
    node.subtreeEnd = index + 1;
    if (node.isHeader) { node.displayPath = node.key; node.parent = -1; return; }
    stack.length = node.depth;
    parents.length = node.depth;
    stack.push(node.key);
    node.displayPath = stack.join('.');
    node.parent = node.depth > 0 ? parents[node.depth - 1] : -1;
    parents.push(index);
    for (let p = node.parent; p >= 0; p = nodes[p].parent) nodes[p].subtreeEnd = index + 1;
  });
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
  if (index < 0) { info.textContent = byteOffset < 0 ? '' : `byte ${byteOffset}: not inside any field`; return; }
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

function isolated(text) { return el('span', 'iso', text); }

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
  state.matchText = text;
  state.match = -1;
}

function nextMatch() {
  const text = $('search').value;
  if (text !== state.matchText) search(text);
  if (!state.matches.length) { $('search-info').textContent = text ? 'no field matches' : ''; renderTree(); return; }
  state.match = (state.match + 1) % state.matches.length;
  $('search-info').textContent = `${state.match + 1} of ${state.matches.length}`;
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
$('hex').addEventListener('mouseover', (event) => {
  const cell = event.target.closest('.b[data-i]');
  if (!cell || !state.nodes.length) return;
  const offset = Number(cell.dataset.i);
  point(ownerOf(offset), offset);
});
$('hex').addEventListener('click', (event) => {
  const cell = event.target.closest('.b[data-i]');
  if (!cell || !state.nodes.length) return;
  const offset = Number(cell.dataset.i);
  const owner = ownerOf(offset);
  if (owner >= 0) pin(owner, offset, { reveal: true });
});
document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && state.pinned >= 0) { unpin(); point(-1); remember(); } });

$('list').addEventListener('keydown', (event) => {
  const row = event.target.closest('tbody tr');
  if (!row) return;
  if (event.key === 'ArrowDown') { (row.nextElementSibling ?? row).focus(); event.preventDefault(); }
  else if (event.key === 'ArrowUp') { (row.previousElementSibling ?? row).focus(); event.preventDefault(); }
  else if (event.key === 'Enter') { openMessage(Number(row.dataset.id)); event.preventDefault(); }
});

$('filter-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const typed = $('filter').value;
  state.where = typed.trim() ? typed : ''; // as typed, so the error's column is a column of the box
  state.skip = 0;
  startCount();
  await loadPage();
  if ($('filter-error').hidden) remember();
});
$('clear-filter').addEventListener('click', () => { $('filter').value = ''; $('filter-form').requestSubmit(); });
const turn = (skip) => async () => { state.skip = skip(); $('tail').checked = state.skip === lastPageSkip(); await loadPage(); remember(); };
$('first').addEventListener('click', turn(() => 0));
$('prev').addEventListener('click', turn(() => Math.max(0, state.skip - pageSize)));
$('next').addEventListener('click', turn(() => state.skip + pageSize));
$('last').addEventListener('click', turn(lastPageSkip));
$('goto-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('goto-error').textContent = '';
  const message = $('goto-message').value.trim();
  const offset = $('goto-offset').value.trim();
  if (offset) await gotoOffset(offset);
  else if (/^\d+$/.test(message)) await gotoMessage(Number(message));
  else $('goto-error').textContent = 'a message number is a whole number from 0';
});
$('search-form').addEventListener('submit', (event) => { event.preventDefault(); nextMatch(); });
$('search').addEventListener('input', () => { search($('search').value); $('search-info').textContent = $('search').value ? `${state.matches.length} fields match` : ''; renderTree(); });
$('expand-all').addEventListener('click', () => { state.collapsed.clear(); layoutTree(); });
$('collapse-all').addEventListener('click', () => { state.nodes.forEach((node) => { if (node.isMessage) state.collapsed.add(node.index); }); layoutTree(); });
$('show-all').addEventListener('click', showAll);
$('copy-path').addEventListener('click', () => copy('path'));
$('copy-value').addEventListener('click', () => copy('value'));
$('copy-hex').addEventListener('click', () => copy('hex'));
window.addEventListener('popstate', () => restore());
window.addEventListener('resize', () => { renderTree(); renderHex(); });

(async () => {
  await loadSource();
  await restore();
})();
