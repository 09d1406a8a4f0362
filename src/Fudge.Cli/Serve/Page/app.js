// The message explorer's page. Every name and value from a message reaches the page as text (textContent; no markup
// is ever built from data), so a field named <script> is shown, not run; the server's Content-Security-Policy backs
// this up.
'use strict';

const pageSize = 25;
const state = { skip: 0, where: '', total: null, seen: 0, selectedId: null, nodes: [], owners: null, pointed: -1, bytes: [] };
const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '' && value !== null && value !== undefined) search.set(name, value);
  return search.toString();
}

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  return { ok: response.ok, status: response.status, body };
}

// ---------------------------------------------------------------- the source and the list

async function loadSource() {
  const { body } = await getJson('api/source');
  const count = body.complete ? `${body.count} messages` : `${body.count}+ messages (still counting)`;
  $('source').textContent = `${body.description} (${body.kind}) · ${count}` + (body.taxonomies ? ` · ${body.taxonomies} taxonomies` : '');
  $('source-error').hidden = !body.error;
  $('source-error').textContent = body.error ? `stopped reading: ${body.error}` : '';
  if (!body.complete) setTimeout(async () => { await loadSource(); if (!state.where) await loadPage(); }, 700);
}

async function loadPage() {
  const { ok, body } = await getJson('api/messages?' + query({ skip: state.skip, take: pageSize, where: state.where }));
  if (!ok) { showFilterError(body); return; }
  hideFilterError();
  setDownloads(); // only a filter that parsed reaches the download links
  state.total = body.total;
  state.seen = body.seen;
  const rows = $('list').tBodies[0];
  rows.replaceChildren();
  for (const message of body.messages) {
    const row = el('tr');
    row.dataset.id = message.id;
    if (message.id === state.selectedId) row.classList.add('selected');
    row.append(el('td', 'num', String(message.id)),
      el('td', 'num', (message.location ? message.location + ':' : '') + message.offset),
      el('td', 'num', String(message.size)),
      el('td', 'preview', message.preview));
    row.lastChild.title = message.preview; // the whole preview, when the cell cuts it
    row.addEventListener('click', () => openMessage(message.id));
    rows.append(row);
  }
  const first = body.messages.length ? state.skip + 1 : 0;
  const last = state.skip + body.messages.length;
  const of = body.total !== null && body.total !== undefined ? `of ${body.total}` : `of ${last}+ (${body.seen} read so far)`;
  $('page-info').textContent = body.messages.length ? `${first}–${last} ${of}` : (state.where ? 'no message matches' : 'no messages');
  $('prev').disabled = state.skip === 0;
  $('next').disabled = body.total !== null && body.total !== undefined ? last >= body.total : body.messages.length < pageSize;
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

// ---------------------------------------------------------------- one message: tree and bytes

async function openMessage(id) {
  state.selectedId = id;
  for (const row of $('list').tBodies[0].rows) row.classList.toggle('selected', Number(row.dataset.id) === id);
  const { ok, body } = await getJson('api/messages/' + id);
  if (!ok) { $('message-title').textContent = body.detail; return; }
  const where = (body.location ? body.location + ', ' : '') + 'offset ' + body.offset;
  $('message-title').textContent = `Message ${body.id} · ${body.size} bytes · ${where} · schema ${body.schemaVersion} · taxonomy ${body.taxonomyId}` + (body.namesRestored ? ' (names restored)' : '');
  const error = $('message-error');
  error.hidden = !body.error;
  error.textContent = body.error ? `malformed at byte ${body.error.fileOffset} (byte ${body.error.offset} of the message): ${body.error.reason}` : '';
  state.bytes = hexBytes(body.hex);
  state.nodes = withPaths([{ depth: 0, key: 'envelope header', type: `directives ${body.directives}, schema ${body.schemaVersion}, taxonomy ${body.taxonomyId}, size ${body.size}`, start: 0, valueStart: 8, end: 8, isHeader: true }, ...body.fields]);
  state.owners = owners(state.nodes, state.bytes.length);
  renderTree(body.fieldsCut);
  renderHex(body.size, body.error);
  state.pointed = -1;
}

function hexBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
  return bytes;
}

// Each field's path from the top (Log.Type), from the depths of the flat list.
function withPaths(nodes) {
  const stack = [];
  for (const node of nodes) {
    stack.length = node.depth;
    stack.push(node.key);
    node.path = node.isHeader ? node.key : stack.join('.');
  }
  return nodes;
}

// For every byte, the innermost field it belongs to (later, deeper fields overwrite their parents).
function owners(nodes, length) {
  const owner = new Int32Array(length).fill(-1);
  nodes.forEach((node, index) => owner.fill(index, Math.min(node.start, length), Math.min(node.end, length)));
  return owner;
}

function partOf(node, offset) {
  if (node.isHeader || offset < node.valueStart) {
    return node.nameStart !== undefined && offset >= node.nameStart && offset < node.nameEnd ? 'name' : 'header';
  }
  return 'value';
}

function renderTree(cut) {
  const root = $('tree');
  root.replaceChildren();
  const lists = [root];
  state.nodes.forEach((node, index) => {
    const item = el('li');
    item.dataset.path = node.path;
    const row = el('div', 'row');
    row.dataset.node = index;
    const toggle = el('span', 'toggle', node.isMessage ? '▾' : '');
    if (node.isMessage) toggle.addEventListener('click', () => { item.classList.toggle('collapsed'); toggle.textContent = item.classList.contains('collapsed') ? '▸' : '▾'; });
    row.append(toggle, el('span', 'key', node.key), el('span', 'type', ` (${node.type})`));
    if (node.value !== undefined && node.value !== null) row.append(' = ', el('span', 'value', node.value));
    item.append(row);
    const depth = node.isHeader ? 0 : node.depth;
    lists.length = depth + 1;
    lists[depth].append(item);
    if (node.isMessage) { const children = el('ul'); item.append(children); lists[depth + 1] = children; }
  });
  if (cut) root.append(el('li', 'muted', '… more fields than are shown'));
}

function renderHex(size, error) {
  const hex = $('hex');
  const fragment = document.createDocumentFragment();
  const legend = el('div', 'legend');
  legend.append(el('span', 'b in-header', 'header'), el('span', 'b in-name', 'name'), el('span', 'b in-value', 'value'));
  fragment.append(legend);
  const bytes = state.bytes;
  for (let rowStart = 0; rowStart < bytes.length; rowStart += 16) {
    const row = el('div', 'hex-row');
    row.append(el('span', 'hex-offset', rowStart.toString(16).padStart(6, '0')));
    let ascii = '';
    for (let i = rowStart; i < Math.min(rowStart + 16, bytes.length); i++) {
      const cell = el('span', i % 16 === 8 ? 'b gap' : 'b', bytes[i].toString(16).padStart(2, '0'));
      cell.dataset.i = i;
      if (error && i === error.offset) cell.classList.add('fault');
      row.append(cell);
      ascii += bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : '.';
    }
    row.append(el('span', 'ascii', ascii));
    fragment.append(row);
  }
  if (bytes.length < size) fragment.append(el('div', 'muted', `… the first ${bytes.length} of ${size} bytes are shown`));
  hex.replaceChildren(fragment);
}

// Marks the bytes of one field by part (header, name, value) and says what it is.
function point(index, byteOffset) {
  if (index === state.pointed && byteOffset === undefined) return;
  for (const cell of document.querySelectorAll('#hex .b.in-header, #hex .b.in-name, #hex .b.in-value, #hex .b.pointed')) cell.classList.remove('in-header', 'in-name', 'in-value', 'pointed');
  for (const row of document.querySelectorAll('#tree .row.pointed')) row.classList.remove('pointed');
  state.pointed = index;
  if (index < 0) { $('hover-info').textContent = byteOffset === undefined ? '' : `byte ${byteOffset}: not inside any field`; return; }
  const node = state.nodes[index];
  const cells = document.querySelectorAll('#hex .b[data-i]');
  for (let i = node.start; i < Math.min(node.end, cells.length); i++) cells[i].classList.add('in-' + partOf(node, i));
  const row = document.querySelector(`#tree .row[data-node="${index}"]`);
  if (row) row.classList.add('pointed');
  let info = `${node.path} (${node.type}): bytes ${node.start}–${node.end - 1}`;
  if (!node.isHeader) {
    info += `, header ${node.start}–${node.valueStart - 1}` + (node.nameStart !== undefined ? `, name ${node.nameStart}–${node.nameEnd - 1}` : '') + `, value ${node.valueStart}–${node.end - 1}`;
  }
  if (byteOffset !== undefined) {
    cells[byteOffset].classList.add('pointed');
    const part = node.isHeader ? 'the envelope header' : `the ${partOf(node, byteOffset)} of ${node.path}`;
    info = `byte ${byteOffset} = 0x${state.bytes[byteOffset].toString(16).padStart(2, '0')} in ${part}\n` + info;
  }
  $('hover-info').textContent = info;
}

// ---------------------------------------------------------------- wiring

$('tree').addEventListener('mouseover', (event) => {
  const row = event.target.closest('.row');
  if (row) point(Number(row.dataset.node));
});
$('hex').addEventListener('mouseover', (event) => {
  const cell = event.target.closest('.b[data-i]');
  if (!cell || !state.owners) return;
  const offset = Number(cell.dataset.i);
  point(state.owners[offset], offset);
});
$('filter-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const typed = $('filter').value;
  state.where = typed.trim() ? typed : ''; // as typed, so the error's column is a column of the box
  state.skip = 0;
  loadPage();
});
$('clear-filter').addEventListener('click', () => { $('filter').value = ''; $('filter-form').requestSubmit(); });
$('prev').addEventListener('click', () => { state.skip = Math.max(0, state.skip - pageSize); loadPage(); });
$('next').addEventListener('click', () => { state.skip += pageSize; loadPage(); });

loadSource();
loadPage();
