// The address holds the state, and the views: ?source=…&where=…&skip=…&m=ID&f=FIELD (the list, the message open and
// the field pinned) and view=charts&path=…&group=…&x=… or view=schema&format=… (the view shown and its inputs). A link
// opens the same page; Back and Forward walk filters, pages, messages, pins and views, each restored from the address
// alone. Shares the page's globals with app.js.
'use strict';

// Each view beyond the messages registers what it adds to the address and how it is shown from an address:
// views[name] = { params() -> {name: value}, enter(params | null) } (params null: shown by its button, inputs as they are).
const views = {};

function currentView() {
  for (const name of Object.keys(views)) if (!$(name + '-view').hidden) return name;
  return 'messages';
}

function stateUrl() {
  const view = currentView();
  return '?' + query({ source: state.source?.description, where: state.where, skip: state.skip || '', m: state.selectedId ?? '', f: state.pinned > 0 ? state.pinned - 1 : '',
    ...(view === 'messages' ? {} : { view, ...views[view].params() }) });
}

// Pushes the state as a new history entry (or replaces the current one): nothing when the address already says it.
function remember(replace) {
  const url = stateUrl();
  if (url === location.search || (url === '?' && location.search === '')) return;
  if (replace) history.replaceState(null, '', url); else history.pushState(null, '', url);
}

// Shows one view; `params` (an address's) sets its inputs, null keeps them as they are.
function showView(view, params = null) {
  if (view !== 'messages' && !views[view]) view = 'messages';
  $('messages-view').hidden = view !== 'messages';
  $('view-messages').setAttribute('aria-pressed', String(view === 'messages'));
  for (const name of Object.keys(views)) {
    $(name + '-view').hidden = name !== view;
    $('view-' + name).setAttribute('aria-pressed', String(name === view));
  }
  document.body.dataset.view = view;
  if (view !== 'messages') return views[view].enter(params);
  return Promise.resolve();
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
    if (f !== null && f !== '') {
      await loadField(Number(f) + 1); // a field past the first ones: the page around it first
      pin(Number(f) + 1, -1, { remember: false, reveal: true });
    }
    else unpin();
  } else {
    closeMessage();
  }
  await showView(params.get('view') ?? 'messages', params);
  document.body.dataset.restored = location.search; // what the browser tests wait for
}

$('view-messages').addEventListener('click', () => { showView('messages'); remember(); });
window.addEventListener('popstate', () => restore());
