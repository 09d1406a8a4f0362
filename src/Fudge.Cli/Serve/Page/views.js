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

// Builds the rows in view (on opening, scrolling and when bytes arrive); marking a field only changes the classes of
// the cells whose marking changes (markHex), so pointing costs the same for a 10 MB message as for a small one.
function renderHex(top = $('hex').scrollTop) {
  const hex = $('hex');
  const rowsTotal = Math.ceil(state.size / bytesPerRow);
  const spacer = hex.firstElementChild;
  if (!hexHeight) measurePanes();
  spacer.style.height = rowsTotal * hexRow + 'px';
  const first = Math.max(0, Math.floor(top / hexRow) - 5);
  const last = Math.min(rowsTotal, Math.ceil((top + hexHeight) / hexRow) + 5);
  const rows = [];
  const cells = [];
  for (let r = first; r < last; r++) {
    const rowStart = r * bytesPerRow;
    const row = el('div', 'hex-row');
    row.style.top = r * hexRow + 'px';
    row.append(el('span', 'hex-offset', rowStart.toString(16).padStart(6, '0')));
    let ascii = '';
    for (let i = rowStart; i < Math.min(rowStart + bytesPerRow, state.size); i++) {
      const value = byteAt(i);
      if (value === undefined) loadChunk(Math.floor(i / chunkSize));
      const cell = el('span', cellClass(i), value === undefined ? '··' : byteHex[value]);
      cell.setAttribute('data-i', i);
      cells.push(cell);
      row.append(cell);
      ascii += value === undefined ? ' ' : byteChar[value];
    }
    row.append(el('span', 'ascii', ascii));
    rows.push(row);
  }
  state.cells = cells;
  state.cellBase = first * bytesPerRow;
  spacer.replaceChildren(...rows);
}

function cellClass(i) {
  const active = state.pinned >= 0 ? state.nodes[state.pinned] : state.pointed >= 0 ? state.nodes[state.pointed] : null;
  const marked = state.pinned >= 0 ? state.pinnedByte : state.pointedByte;
  let name = i % bytesPerRow === 8 ? 'b gap' : 'b';
  if (active && i >= active.start && i < active.end) name += ' in-' + partOf(active, i);
  if (i === marked) name += ' pointed';
  if (i === state.fault) name += ' fault';
  return name;
}

function markHex() {
  const cells = state.cells ?? [];
  for (let k = 0; k < cells.length; k++) {
    const name = cellClass(state.cellBase + k);
    if (cells[k].className !== name) cells[k].className = name;
  }
}

