// The schema view: the types inferred from the messages the list shows (the filter applies), as C# [FudgeMessage]
// types or a Fudge-Proto file, computed by the server with the code of `fudge schema infer` (GET /api/schema). The
// text is set as text only. Shares the page's globals with app.js.
'use strict';

const schema = { text: null, loaded: 0 };
window.fudgeSchema = schema; // what the browser tests read back

views.schema = {
  params: () => ({ format: $('schema-format').value === 'csharp' ? '' : $('schema-format').value, records: $('schema-records').checked ? 'true' : '' }),
  enter: async (params) => {
    if (params) {
      $('schema-format').value = params.get('format') === 'proto' ? 'proto' : 'csharp';
      $('schema-records').checked = params.get('records') === 'true';
    }
    await loadSchema();
  },
};

function schemaQuery(extra = {}) {
  const format = $('schema-format').value;
  return query({ format, records: format === 'csharp' && $('schema-records').checked ? 'true' : '', where: state.where, ...extra });
}

async function loadSchema() {
  const turn = ++schema.loaded; // an older answer that arrives later is dropped
  $('schema-records-label').hidden = $('schema-format').value !== 'csharp';
  $('schema-info').textContent = '(inferring…)';
  $('schema-download').href = 'api/schema?' + schemaQuery({ download: 'true' });
  const { ok, body } = await getJson('api/schema?' + schemaQuery());
  if (turn !== schema.loaded) return;
  const error = $('schema-error');
  error.hidden = ok;
  if (!ok) {
    error.textContent = body.detail;
    $('schema-info').textContent = '';
    return;
  }
  schema.text = body.text;
  $('schema-text').textContent = body.text;
  $('schema-info').textContent = `inferred from ${body.messages} messages` + (state.where ? ' that pass the filter' : '') +
    (body.malformed ? `, ${body.malformed} malformed left out` : '') + (body.cut ? ' (the first ones only)' : '');
}

$('view-schema').addEventListener('click', async () => { const shown = showView('schema'); remember(); await shown; });
$('schema-format').addEventListener('change', async () => { const loaded = loadSchema(); remember(); await loaded; });
$('schema-records').addEventListener('change', async () => { const loaded = loadSchema(); remember(); await loaded; });
$('schema-copy').addEventListener('click', async () => {
  if (schema.text === null) return;
  try {
    await navigator.clipboard.writeText(schema.text);
  } catch {
    const area = el('textarea');
    area.value = schema.text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  $('schema-info').textContent = `copied (${schema.text.length} characters)`;
});
$('filter-form').addEventListener('submit', () => { if (!$('schema-view').hidden) setTimeout(loadSchema, 0); });
// A live source: the schema follows the messages as they arrive.
document.addEventListener('source-polled', (event) => {
  const { before, now } = event.detail;
  if ($('schema-view').hidden || (now.count === before.count && now.generation === before.generation)) return;
  loadSchema();
});
