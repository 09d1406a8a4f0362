// The message explorer's two large views, drawn virtually: the tree of fields and the hex view draw only the rows in
// view (fixed row heights), so a message of 10 MB or 5,000 fields costs what a small one does. Shares the page's
// globals with app.js (a classic script, loaded before it); data is only ever set as text.
'use strict';

// ---------------------------------------------------------------- the tree, virtualized

// The rows that are not inside a collapsed sub-message.
function layoutTree() {
  const visible = [];
  const nodes = state.nodes;
  for (let i = 0; i < nodes.length;) {
    visible.push(i);
    i = state.collapsed.has(i) ? nodes[i].subtreeEnd : i + 1;
  }
  state.visible = visible;
  state.rowOf = new Map(visible.map((index, position) => [index, position]));
  renderTree();
}

function renderTree() {
  const tree = $('tree');
  const total = state.visible.length + (state.fieldsCut ? 1 : 0);
  const spacer = tree.firstElementChild;
  spacer.style.height = total * treeRow + 'px';
  const first = Math.max(0, Math.floor(tree.scrollTop / treeRow) - 5);
  const last = Math.min(total, Math.ceil((tree.scrollTop + tree.clientHeight) / treeRow) + 5);
  const rows = [];
  for (let position = first; position < last; position++) {
    if (position === state.visible.length) {
      const held = state.nodes.length - 1 >= maxFieldsHeld;
      const more = el('div', 'row muted', held ? `… more fields than the page holds (the first ${maxFieldsHeld.toLocaleString('en')} are shown)` : '… more fields (reading them)');
      more.style.top = position * treeRow + 'px';
      rows.push(more);
      continue;
    }
    rows.push(treeRowElement(state.nodes[state.visible[position]], position));
  }
  const hadFocus = tree.contains(document.activeElement) && document.activeElement !== tree;
  spacer.replaceChildren(...rows);
  if (state.fieldsCut && last > state.visible.length - 100) loadMoreFields(); // near the last field held: the next page
  if (hadFocus) tree.querySelector(`.row[data-node="${state.cursor}"]`)?.focus({ preventScroll: true }); // keep the keyboard's place
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
  layoutTree();
  const position = state.rowOf.get(index);
  const tree = $('tree');
  const top = position * treeRow;
  if (top < tree.scrollTop || top + treeRow > tree.scrollTop + tree.clientHeight) tree.scrollTop = Math.max(0, top - tree.clientHeight / 3);
  renderTree();
}

function moveCursor(index, focus = true) {
  if (index < 0 || index >= state.nodes.length) return;
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

// Builds the rows in view (on opening, scrolling and when bytes arrive); marking a field only changes the classes of
// the cells whose marking changes (markHex), so pointing costs the same for a 10 MB message as for a small one.
function renderHex() {
  const hex = $('hex');
  const rowsTotal = Math.ceil(state.size / bytesPerRow);
  const spacer = hex.firstElementChild;
  spacer.style.height = rowsTotal * hexRow + 'px';
  const first = Math.max(0, Math.floor(hex.scrollTop / hexRow) - 5);
  const last = Math.min(rowsTotal, Math.ceil((hex.scrollTop + hex.clientHeight) / hexRow) + 5);
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
      const cell = el('span', cellClass(i), value === undefined ? '··' : value.toString(16).padStart(2, '0'));
      cell.dataset.i = i;
      cells.push(cell);
      row.append(cell);
      ascii += value === undefined ? ' ' : value >= 0x20 && value < 0x7f ? String.fromCharCode(value) : '.';
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

