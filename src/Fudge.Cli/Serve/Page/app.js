// The message explorer's page: the state every script shares, the source and the list of messages (this file); one
// message's tree, bytes and detail (message.js, with the fields it holds in fields.js, drawn by views.js); the address and the views (address.js); the
// charts (charts.js) and the schema (schema.js): classic scripts sharing globals, run in that order. Every name and
// value from a message reaches the page as text (textContent; no markup is ever built from data), so a field named
// <script> is shown, not run; the server's Content-Security-Policy backs this up. Names and values arrive escaped by
// the tool's one escaping function (invisible and direction-changing characters as \uXXXX), and each is shown in an
// element of its own with `unicode-bidi: isolate`, so no name or value can reorder the text around it.
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
  matches: [], matchSet: new Set(), matchText: '', match: -1, fullValue: null, fieldsCut: false, loadingFields: null, collapseNew: false,
  ranges: [], held: 0, opened: 0, hexRows: [0, 0], hexMarked: null, hexHover: -1,
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

function isolated(text) { return el('span', 'iso', text); }

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

// ---------------------------------------------------------------- wiring

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

// Every script has run (they are deferred, in order) by the time the document is parsed: then the page starts.
document.addEventListener('DOMContentLoaded', async () => {
  await loadSource();
  await restore();
});
