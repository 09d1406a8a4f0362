// The message explorer's two large views, drawn virtually: the tree of fields and the hex view draw only the rows in
// view (fixed row heights), so a message of 10 MB or 5,000 fields costs what a small one does. Shares the page's
// globals with app.js (a classic script, loaded before it); data is only ever set as text.
'use strict';

// ---------------------------------------------------------------- the tree, virtualized

// The rows that are not inside a collapsed sub-message, and one row for each place not read yet (fields.js):
// -(i + 1) for the place starting at node i. With an anchor (treeAnchor), the row that was first in view stays where
// it was on the screen when rows were added above it.
function layoutTree(anchor, render = true) {
  const visible = [];
  const nodes = state.nodes;
  let i = 0;
  for (const [from, to] of state.ranges) {
    if (i >= to) continue; // inside a folded sub-message
    if (i < from) { visible.push(-(i + 1)); i = from; }
    while (i < to) {
      visible.push(i);
      i = state.collapsed.has(i) ? nodes[i].subtreeEnd : i + 1;
    }
  }
  state.visible = visible;
  state.rowOf = new Map(visible.map((index, position) => [index, position]));
  // The scroll position is read before anything is written (no layout to redo), and kept within the new height as
  // the browser will keep it.
  const tree = $('tree');
  const height = (visible.length + (state.fieldsCut ? 1 : 0)) * treeRow;
  let top = Math.min(tree.scrollTop, Math.max(0, height - treeHeight));
  tree.firstElementChild.style.height = height + 'px';
  const position = anchor ? state.rowOf.get(anchor.index) : undefined;
  if (position !== undefined && position !== anchor.position) {
    top = Math.max(0, top + (position - anchor.position) * treeRow);
    tree.scrollTop = top;
  }
  if (render) renderTree(top);
}

// The first field row in view and where it is, for layoutTree to keep it there when fields are added above it (the
// row after a place not read, when that place is at the top of the view).
function treeAnchor() {
  const top = Math.floor($('tree').scrollTop / treeRow);
  for (let position = top; position < state.visible.length; position++) if (state.visible[position] >= 0) return { index: state.visible[position], position };
  return null;
}

// The panes' heights, measured when they change size (message.js's ResizeObserver: its callback runs after layout, so reading them
// there costs nothing) rather than read each time rows are drawn, which after a write lays the page out again.
let treeHeight = 0;
let hexHeight = 0;
function measurePanes() {
  treeHeight = $('tree').clientHeight;
  hexHeight = $('hex').clientHeight;
  measureHexCell();
}
function panesResized() {
  const treeTop = $('tree').scrollTop;
  const hexTop = $('hex').scrollTop;
  measurePanes();
  renderTree(treeTop);
  renderHex(hexTop);
}

// Draws the rows in view; `top` is the pane's scroll position, when the caller read it before writing anything.
function renderTree(top = $('tree').scrollTop) {
  const tree = $('tree');
  const total = state.visible.length + (state.fieldsCut ? 1 : 0);
  const spacer = tree.firstElementChild;
  if (!treeHeight) measurePanes();
  const first = Math.max(0, Math.floor(top / treeRow) - 5);
  const last = Math.min(total, Math.ceil((top + treeHeight) / treeRow) + 5);
  const rows = [];
  let unread = null;
  for (let position = first; position < last; position++) {
    const index = state.visible[position];
    if (position === state.visible.length || index < 0) {
      // A place not read yet, or the fields after the last held: read when in view (the page next to the rows shown).
      const start = index < 0 ? -index - 1 : lastHeldEnd();
      const end = index < 0 ? gapAt(start)[1] : Infinity;
      const full = state.held >= maxFieldsHeld;
      const count = end === Infinity ? 'more fields' : `${(end - start).toLocaleString('en')} field${end - start === 1 ? '' : 's'}`;
      const row = el('div', 'row muted gap', full ? `… ${count}: not read (the page holds the ${maxFieldsHeld.toLocaleString('en')} fields it may)` : `… ${count} (reading them)`);
      row.style.top = position * treeRow + 'px';
      row.dataset.gap = start;
      rows.push(row);
      // At the top of the view (no field row above it in view) the place is read upwards, from its end; else downwards.
      unread ??= { start, up: position <= Math.floor(top / treeRow) && end !== Infinity };
      continue;
    }
    rows.push(treeRowElement(state.nodes[index], position));
  }
  const hadFocus = tree.contains(document.activeElement) && document.activeElement !== tree;
  spacer.style.height = total * treeRow + 'px';
  spacer.replaceChildren(...rows);
  if (unread && state.held < maxFieldsHeld) loadGap(unread.start, unread.up);
  else if (state.fieldsCut && last > state.visible.length - 100 && state.held < maxFieldsHeld) loadGap(lastHeldEnd(), false); // near the last field held: the next page
  if (hadFocus) tree.querySelector(`.row[data-node="${state.cursor}"]`)?.focus({ preventScroll: true }); // keep the keyboard's place
}

// The next field row from a position, up or down (past the rows of places not read).
function nextRow(position, step) {
  for (let p = position + step; p >= 0 && p < state.visible.length; p += step) if (state.visible[p] >= 0) return state.visible[p];
  return state.visible[position] ?? -1;
}

function treeRowElement(node, position) {
  const index = node.index;
  const row = el('div', 'row');
  row.style.top = position * treeRow + 'px';
  row.style.paddingLeft = (node.isHeader ? 0 : node.depth * 1.2) + 'em';
  row.dataset.node = index;
  row.dataset.path = node.displayPath;
  if (node.path) row.dataset.filterPath = node.path;
  row.setAttribute('role', 'treeitem');
  row.setAttribute('aria-level', String((node.depth ?? 0) + 1));
  row.tabIndex = index === state.cursor ? 0 : -1;
  if (index === state.pointed) row.classList.add('pointed');
  if (index === state.pinned) row.classList.add('pinned');
  if (state.matchSet?.has(index)) row.classList.add('match');
  const toggle = el('span', 'toggle', node.isMessage ? (state.collapsed.has(index) ? '▸' : '▾') : '');
  if (node.isMessage) {
    row.setAttribute('aria-expanded', String(!state.collapsed.has(index)));
    toggle.addEventListener('click', (event) => { event.stopPropagation(); setCollapsed(index, !state.collapsed.has(index)); });
  }
  row.append(toggle, el('span', 'key', node.key), ' ', el('span', 'type', `(${node.type})`));
  if (node.value !== undefined && node.value !== null) row.append(' = ', el('span', 'value', node.value));
  if (node.hidden) row.append(' ', badge());
  return row;
}

function setCollapsed(index, collapsed) {
  if (collapsed) state.collapsed.add(index); else state.collapsed.delete(index);
  layoutTree();
}

// Scrolls the tree so the row of a field shows, opening the sub-messages around it.
function revealNode(index) {
  for (let p = state.nodes[index]?.parent ?? -1; p >= 0; p = state.nodes[p].parent) state.collapsed.delete(p);
  layoutTree(null, false);
  const position = state.rowOf.get(index) ?? 0;
  const tree = $('tree');
  let top = tree.scrollTop;
  const row = position * treeRow;
  if (row < top || row + treeRow > top + treeHeight) {
    top = Math.max(0, row - treeHeight / 3);
    tree.scrollTop = top;
  }
  renderTree(top);
}

function moveCursor(index, focus = true) {
  if (index < 0 || !state.nodes[index]) return;
  state.cursor = index;
  revealNode(index);
  if (focus) document.querySelector(`#tree .row[data-node="${index}"]`)?.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- the bytes, virtualized and fetched by 64 KiB

function byteAt(offset) {
  const chunk = state.chunks.get(Math.floor(offset / chunkSize));
  return chunk && chunk !== 'loading' ? chunk[offset % chunkSize] : undefined;
}

function loadChunk(number) {
  if (state.chunks.has(number)) return;
  state.chunks.set(number, 'loading');
  const id = state.selectedId;
  fetch(`api/messages/${id}/bytes?start=${number * chunkSize}&length=${chunkSize}`).then((r) => r.arrayBuffer()).then((buffer) => {
    if (id !== state.selectedId) return;
    state.chunks.set(number, new Uint8Array(buffer));
    renderHex();
  });
}

// Each byte's two digits and its character in the text column, computed once: drawing a screenful of rows is then
// table look-ups, not 800 number-to-text conversions (this code runs cold, interpreted, when a message opens).
const byteHex = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const byteChar = Array.from({ length: 256 }, (_, b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.'));

// The hex view is text in a monospace font, one text node per column for all the rows drawn (one line a row): the
// offsets, the bytes and their characters. An element per byte (16 a row, ~750 in view) made two thirds of a large
// message's first frame (its layout, style and paint); three text nodes cost what one does. Where a byte is follows
// from its row and column: the columns below are in monospace cells (`ch`), the bytes two digits each with a space
// between them and one more between the two halves of a row. An offset has at most 7 digits (a message is at most
// 64 MiB).
const hexColumns = { offsets: 0, bytes: 8, ascii: 58 };
const hexColumnOf = (k) => hexColumns.bytes + 3 * k + (k >= 8 ? 1 : 0);
const hexLayers = {
  marks: document.querySelector('#hex .hex-marks'), // behind the text: the marked field's bytes, by part
  offsets: document.querySelector('#hex .hex-offsets'),
  bytes: document.querySelector('#hex .hex-bytes'),
  ascii: document.querySelector('#hex .hex-ascii'),
  over: document.querySelector('#hex .hex-over'), // over the text: the byte pointed at, the faulty byte
  probe: document.querySelector('#hex .hex-probe'),
};
for (const name of ['offsets', 'bytes', 'ascii']) hexLayers[name].style.left = hexColumns[name] + 'ch';
hexLayers.probe.textContent = '0'.repeat(50); // narrower than the pane: it adds no scrolling

// The width of a monospace cell in pixels (the probe's 50 zeros), to find the byte under the pointer from its position:
// measured with the panes' sizes, when they change (after a layout, so reading it costs nothing), not per move; 0
// while the view is hidden.
let hexCell = 0;
function measureHexCell() {
  hexCell = hexLayers.probe.getBoundingClientRect().width / 50;
}

// Draws the rows in view (on opening, scrolling and when bytes arrive) as three strings, then the marks over them.
function renderHex(top = $('hex').scrollTop) {
  const hex = $('hex');
  const rowsTotal = Math.ceil(state.size / bytesPerRow);
  if (!hexHeight) measurePanes();
  const first = Math.max(0, Math.floor(top / hexRow) - 5);
  const last = Math.min(rowsTotal, Math.ceil((top + hexHeight) / hexRow) + 5);
  let offsets = '';
  let digits = '';
  let chars = '';
  for (let r = first; r < last; r++) {
    const rowStart = r * bytesPerRow;
    const rowEnd = Math.min(rowStart + bytesPerRow, state.size);
    const newline = r > first ? '\n' : '';
    offsets += newline + rowStart.toString(16).padStart(6, '0');
    digits += newline;
    chars += newline;
    for (let i = rowStart; i < rowEnd; i++) {
      const value = byteAt(i);
      if (value === undefined) loadChunk(Math.floor(i / chunkSize));
      digits += (i === rowStart ? '' : i - rowStart === 8 ? '  ' : ' ') + (value === undefined ? '··' : byteHex[value]);
      chars += value === undefined ? ' ' : byteChar[value];
    }
  }
  state.hexRows = [first, last];
  hex.firstElementChild.style.height = rowsTotal * hexRow + 'px';
  for (const [block, text] of [[hexLayers.offsets, offsets], [hexLayers.bytes, digits], [hexLayers.ascii, chars]]) {
    block.style.top = first * hexRow + 'px';
    block.dataset.firstRow = first;
    block.textContent = text;
  }
  state.hexMarked = null; // other rows: the marks are drawn again
  markHex();
}

// The byte under the pointer (a mouse event's position, clientX and clientY), or -1: from the row and the monospace
// column it is in. A byte owns its two digits and half the space on either side, and its character in the text column.
function byteUnder(event) {
  if (!hexCell) measureHexCell();
  if (!hexCell) return -1;
  const box = $('hex').firstElementChild.getBoundingClientRect();
  const row = Math.floor((event.clientY - box.top) / hexRow);
  const column = (event.clientX - box.left) / hexCell;
  const c = column - hexColumns.bytes + 0.5; // byte k (of 0-7) owns [3k, 3k + 3), byte k of 8-15 [3k + 1, 3k + 4)
  let k = -1;
  if (c >= 0 && c < 24) k = Math.floor(c / 3);
  else if (c >= 25 && c < 49) k = Math.floor((c - 1) / 3);
  else if (column >= hexColumns.ascii && column < hexColumns.ascii + bytesPerRow) k = Math.floor(column - hexColumns.ascii);
  const [first, last] = state.hexRows ?? [0, 0];
  if (k < 0 || row < first || row >= last) return -1;
  const offset = row * bytesPerRow + k;
  return offset < state.size ? offset : -1;
}

// An overlay over rows [row, row + rows) from column `left` to column `right` (in cells), with what it marks in
// data- attributes (the bytes [start, end) and the column) for whoever reads the page.
function hexBox(className, row, rows, left, right, column, start, end) {
  const box = el('div', className);
  box.style.cssText = `top:${row * hexRow}px;height:${rows * hexRow}px;left:${left}ch;width:${right - left}ch`;
  box.dataset.col = column;
  box.dataset.start = start;
  box.dataset.end = end;
  return box;
}

// The runs of one field's bytes, by part: header (prefix, type, ordinal and size), name (with its length byte), value.
function partRuns(node) {
  if (node.isHeader) return [['header', node.start, node.end]];
  const runs = node.nameStart !== undefined
    ? [['header', node.start, node.nameStart], ['name', node.nameStart, node.nameEnd], ['header', node.nameEnd, node.valueStart]]
    : [['header', node.start, node.valueStart]];
  runs.push(['value', node.valueStart, node.end]);
  return runs.filter(([, start, end]) => end > start);
}

// Bytes [a, b) of one part, as at most three boxes in each column: the rest of the first row, the whole rows between
// (one box), the start of the last row. However long the field, a mark is a handful of elements.
function markRun(boxes, part, a, b) {
  if (a >= b) return;
  const rowA = Math.floor(a / bytesPerRow);
  const rowB = Math.floor((b - 1) / bytesPerRow);
  const kA = a % bytesPerRow;
  const kB = (b - 1) % bytesPerRow;
  const spans = rowA === rowB ? [[rowA, 1, kA, kB]] : [[rowA, 1, kA, bytesPerRow - 1], [rowA + 1, rowB - rowA - 1, 0, bytesPerRow - 1], [rowB, 1, 0, kB]];
  for (const [row, rows, k1, k2] of spans) {
    if (rows <= 0) continue;
    const start = row * bytesPerRow + k1;
    const end = (row + rows - 1) * bytesPerRow + k2 + 1;
    const name = 'hex-mark in-' + part;
    boxes.push(hexBox(name, row, rows, hexColumnOf(k1) - 0.5, hexColumnOf(k2) + 2.5, 'bytes', start, end));
    boxes.push(hexBox(name, row, rows, hexColumns.ascii + k1, hexColumns.ascii + k2 + 1, 'ascii', start, end));
  }
}

// The marks over the rows drawn: the field pinned (or pointed at) by part, behind the text, redrawn only when it or
// the rows change; the byte pinned (or pointed at) and a malformed message's faulty byte, over it. Pointing costs the
// same for a 10 MB message as for a small one.
function markHex() {
  const [first, last] = state.hexRows ?? [0, 0];
  const from = first * bytesPerRow;
  const to = Math.min(last * bytesPerRow, state.size);
  const active = state.pinned >= 0 ? state.nodes[state.pinned] : state.pointed >= 0 ? state.nodes[state.pointed] : null;
  const key = active ? `${active.index}:${from}:${to}` : '';
  if (key !== state.hexMarked) {
    state.hexMarked = key;
    const boxes = [];
    if (active) for (const [part, start, end] of partRuns(active)) markRun(boxes, part, Math.max(start, from), Math.min(end, to));
    hexLayers.marks.replaceChildren(...boxes);
  }
  const over = [];
  if (state.fault >= from && state.fault < to) {
    const k = state.fault % bytesPerRow;
    const row = Math.floor(state.fault / bytesPerRow);
    const value = byteAt(state.fault);
    const digits = hexBox('hex-fault', row, 1, hexColumnOf(k) - 0.5, hexColumnOf(k) + 2.5, 'bytes', state.fault, state.fault + 1);
    digits.textContent = value === undefined ? '··' : byteHex[value]; // drawn over the byte's own, in white on red
    const char = hexBox('hex-fault', row, 1, hexColumns.ascii + k, hexColumns.ascii + k + 1, 'ascii', state.fault, state.fault + 1);
    char.textContent = value === undefined ? ' ' : byteChar[value];
    over.push(digits, char);
  }
  const marked = state.pinned >= 0 ? state.pinnedByte : state.pointedByte;
  if (marked >= from && marked < to) {
    const k = marked % bytesPerRow;
    const row = Math.floor(marked / bytesPerRow);
    over.push(hexBox('hex-cursor', row, 1, hexColumnOf(k) - 0.25, hexColumnOf(k) + 2.25, 'bytes', marked, marked + 1),
      hexBox('hex-cursor', row, 1, hexColumns.ascii + k, hexColumns.ascii + k + 1, 'ascii', marked, marked + 1));
  }
  hexLayers.over.replaceChildren(...over);
}
