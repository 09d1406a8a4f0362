// The fields of the open message that the page holds. A message opens with its first fields only (a screenful and
// more); the others come a page at a time, each where something needs it: the tree scrolled to fields not read yet,
// a byte pointed at or jumped to (the page around the field holding it, found by the server from the byte alone:
// api/messages/{id}/fields?at=B), a link's pinned field, a search (which reads them all). So opening costs the same
// for a message of 90,000 fields as for one of five, a byte at its end is named after one page, not after every page
// before it, and no answer is large. Fields are kept by their index in document order (node i is field i - 1; node 0
// is the envelope header) in a sparse array, with the ranges of indexes held; each place between two ranges is drawn
// as one row and read when it comes into view. The page holds at most maxFieldsHeld fields of a message. Shares the
// page's globals with app.js; data is only ever set as text.
'use strict';

const firstFields = 300;
const fieldsPage = 2000; // a page read while scrolling or searching
const fieldsAround = 500; // the page around a byte or a field jumped to: a few screenfuls, a small answer
const maxFieldsHeld = 100000;

// A message opened: its envelope header and its first fields (the first answer).
function resetFields(body) {
  state.opened = (state.opened ?? 0) + 1; // answers about another opening are dropped
  state.loadingFields = null;
  state.nodes = [{ depth: 0, key: 'envelope header', type: `directives ${body.directives}, schema ${body.schemaVersion}, taxonomy ${body.taxonomyId}, size ${body.size}`,
    start: 0, valueStart: 8, end: 8, isHeader: true, index: 0, subtreeEnd: 1, displayPath: 'envelope header', parent: -1 }];
  state.ranges = [[0, 1]];
  state.held = 0; // fields held (the envelope header aside)
  state.fieldsCut = false;
  addPage({ from: 0, fields: body.fields, more: body.fieldsCut });
}

function clearFields() {
  state.opened = (state.opened ?? 0) + 1;
  state.loadingFields = null;
  state.nodes = [];
  state.ranges = [];
  state.held = 0;
  state.fieldsCut = false;
}

// Adds the range [from, to) of node indexes to those held (merging ranges that touch); returns how many are new.
function holdRange(from, to) {
  let added = to - from;
  const merged = [];
  let placed = false;
  for (const [f, t] of state.ranges) {
    if (t < from) merged.push([f, t]);
    else if (f > to) {
      if (!placed) { merged.push([from, to]); placed = true; }
      merged.push([f, t]);
    } else {
      added -= Math.max(0, Math.min(t, to) - Math.max(f, from));
      from = Math.min(from, f);
      to = Math.max(to, t);
    }
  }
  if (!placed) merged.push([from, to]);
  state.ranges = merged;
  return added;
}

const lastHeldEnd = () => state.ranges[state.ranges.length - 1][1];

// A page of fields (an answer of api/messages/{id}[/fields]): the sub-messages around its first field, then its
// fields, each with its display path (Log.Type), its parent and where its subtree ends. Returns how many are new.
function addPage(body) {
  const from = body.from + 1;
  const reachesEnd = from + body.fields.length >= lastHeldEnd();
  const stack = [];
  const parents = [];
  const place = (node, index) => {
    node.index = index;
    stack.length = node.depth;
    parents.length = node.depth;
    stack.push(node.key);
    node.displayPath = stack.join('.');
    node.parent = node.depth > 0 ? (parents[node.depth - 1] ?? -1) : -1;
    parents.push(index);
    node.subtreeEnd = index + 1 + (node.descendants ?? 0);
    if (state.collapseNew && node.isMessage && !state.nodes[index]) state.collapsed.add(index);
    state.nodes[index] = node;
  };
  let added = 0;
  for (const ancestor of body.ancestors ?? []) {
    const index = ancestor.index + 1; // the answer's index is the field's; place() makes it the node's
    place(ancestor, index);
    added += holdRange(index, index + 1);
  }
  body.fields.forEach((field, i) => place(field, from + i));
  if (body.fields.length) added += holdRange(from, from + body.fields.length);
  if (reachesEnd) state.fieldsCut = body.more;
  state.held += added;
  return added;
}

function forEachHeld(visit) {
  for (const [from, to] of state.ranges) for (let i = from; i < to; i++) visit(state.nodes[i], i);
}

// The place not read that starts at node `start`: [start, end), end being the next range's first node, or Infinity
// past the last range.
function gapAt(start) {
  for (const [from] of state.ranges) if (from > start) return [start, from];
  return [start, Infinity];
}

// The range whose bytes hold a byte: from its first field's first byte to its last field's end (a sub-message's
// header only, when its fields are not held). Fields are contiguous, so the bytes of a range are all in its fields
// or around them. Past the last range when there are no more fields (after a fault): the last range. -1 when none.
function rangeOf(offset) {
  const { ranges, nodes } = state;
  for (let k = 0; k < ranges.length; k++) {
    const [from, to] = ranges[k];
    const last = nodes[to - 1];
    if (offset >= nodes[from].start && offset < (last.isMessage ? last.valueStart : last.end)) return k;
  }
  const k = ranges.length - 1;
  return k >= 0 && !state.fieldsCut && offset >= nodes[ranges[k][0]].start ? k : -1;
}

// True when the field holding a byte, and every field around it, is held.
const holdsByte = (offset) => rangeOf(offset) >= 0;

// The innermost field holding a byte: the last field of its range starting at or before it, or the nearest of its
// parents that still holds it. O(ranges + log n + depth), nothing per byte.
function ownerOf(offset) {
  const k = rangeOf(offset);
  if (k < 0) return -1;
  const nodes = state.nodes;
  let [low, high] = state.ranges[k];
  high -= 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (nodes[middle].start <= offset) { found = middle; low = middle + 1; } else high = middle - 1;
  }
  while (found >= 0 && offset >= nodes[found].end) found = nodes[found].parent;
  return found;
}

// One request for fields at a time (a second caller waits for the first's promise); resolves to how many nodes it
// added. The tree grows around what is drawn: the first row in view stays where it is, and folds, pins and the cursor
// stay (indexes are in document order, the same in every answer).
function requestFields(query) {
  const id = state.selectedId;
  const opened = state.opened;
  const loading = getJson(`api/messages/${id}/fields?${query}`).then(({ ok, body }) => {
    if (state.loadingFields === loading) state.loadingFields = null;
    if (!ok || state.opened !== opened) return 0;
    const anchor = treeAnchor();
    const added = addPage(body);
    if (body.error) showFault(body);
    if (state.matchText) {
      const at = state.matches[state.match];
      search(state.matchText);
      state.match = at === undefined ? -1 : state.matches.indexOf(at);
      showSearchCount();
    }
    layoutTree(anchor);
    if (state.pointedByte >= 0 && state.pinned < 0) { const offset = state.pointedByte; state.pointedByte = -2; point(ownerOf(offset), offset); }
    return added;
  }, () => {
    if (state.loadingFields === loading) state.loadingFields = null;
    return 0;
  });
  state.loadingFields = loading;
  return loading;
}

// Nodes [from, from + take), within what the page may hold.
function loadNodes(from, take) {
  take = Math.min(take, maxFieldsHeld - state.held);
  if (take <= 0 || !state.message) return Promise.resolve(0);
  return requestFields(`from=${from - 1}&take=${take}`);
}

// The first place not read yet (the first gap, or the fields after the last range), a page of it.
function loadMoreFields() {
  if (state.loadingFields) return state.loadingFields;
  if (state.ranges.length < 2 && !state.fieldsCut) return Promise.resolve(0);
  const [start, end] = gapAt(state.ranges[0][1]);
  return loadNodes(start, Math.min(fieldsPage, end - start));
}

// A place not read yet came into view (its row): the page next to the rows in view, so that nothing in view moves.
// Upwards (the row is at the top of the view) that is the page ending where the place ends.
function loadGap(start, up) {
  if (state.loadingFields) return;
  const [, end] = gapAt(start);
  if (up && end !== Infinity) {
    const from = Math.max(start, end - fieldsPage);
    loadNodes(from, end - from);
  } else {
    loadNodes(start, Math.min(fieldsPage, end - start));
  }
}

// Reads places not read, first to last, until `done()` holds, every field is held, or the page holds all it may.
async function loadFieldsUntil(done) {
  const opened = state.opened;
  while (!done() && state.opened === opened && (state.ranges.length > 1 || state.fieldsCut) && state.held < maxFieldsHeld) {
    if (!(await loadMoreFields())) return;
  }
}

// The page around the field holding a byte (one request, whatever is before it), unless it is held already or
// `wanted()` no longer holds (the pointer moved on). True once the byte's field is held.
async function loadFieldsAt(offset, wanted = () => true) {
  const opened = state.opened;
  while (state.opened === opened && !holdsByte(offset) && state.held < maxFieldsHeld && wanted()) {
    if (state.loadingFields) { await state.loadingFields; continue; }
    if (!(await requestFields(`at=${offset}&take=${fieldsAround}`))) break;
  }
  return state.opened === opened && holdsByte(offset);
}

// The page around one field (a link's pinned field), unless it is held already.
async function loadField(index) {
  const opened = state.opened;
  while (state.opened === opened && !state.nodes[index] && state.held < maxFieldsHeld) {
    if (state.loadingFields) { await state.loadingFields; continue; }
    if (!(await loadNodes(Math.max(1, index - fieldsAround / 2), fieldsAround))) break;
  }
  return state.opened === opened && !!state.nodes[index];
}
