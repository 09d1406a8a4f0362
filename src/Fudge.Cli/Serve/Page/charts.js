// The charts view: a numeric path's values over message order or a datetime path, optionally one line per group,
// their histogram, and the statistics of every path. The server computes the series (GET /api/series) and the
// statistics (GET /api/stats, as `fudge stats --paths`) over what the list shows (the filter applies); uPlot (MIT,
// vendored at build time, see .ci/vendor-page.sh) draws them. Paths and group names reach the page escaped and are set
// as text only. Shares the page's globals with app.js.
'use strict';

const charts = { line: null, histogram: null, series: null, stats: null, plotted: 0, counted: 0 };
window.fudgeCharts = charts; // what the browser tests read back: the data each chart draws

const palette = ['#0b57d0', '#b3261e', '#1e8e3e', '#e37400', '#8430ce', '#007b83', '#c2185b', '#5f6368'];

// The charts' part of the address (view=charts&path=…&group=…&x=…), and the view shown from an address (address.js).
views.charts = {
  params: () => ({ path: $('chart-path').value.trim(), group: $('chart-group').value.trim(), x: $('chart-x').value.trim() }),
  enter: async (params) => {
    if (params) {
      $('chart-path').value = params.get('path') ?? '';
      $('chart-group').value = params.get('group') ?? '';
      $('chart-x').value = params.get('x') ?? '';
    }
    const stats = loadStats();
    if ($('chart-path').value.trim()) await plot(); else clearChart();
    await stats;
  },
};

async function loadStats() {
  const turn = ++charts.counted; // an older answer that arrives later is dropped
  $('stats-info').textContent = '(computing…)';
  const { ok, body } = await getJson('api/stats?' + query({ where: state.where }));
  if (turn !== charts.counted) return;
  if (!ok) { $('stats-info').textContent = body.detail; return; }
  charts.stats = body;
  $('stats-info').textContent = `over ${body.messages} messages` + (state.where ? ' that pass the filter' : '') + (body.malformed ? `, ${body.malformed} malformed left out` : '');
  const rows = $('stats').tBodies[0];
  rows.replaceChildren();
  const numeric = [], all = [], times = [];
  for (const path of body.paths) {
    const row = el('tr');
    const types = path.types.map((t) => (t.count === path.count ? t.type : `${t.type}: ${t.count}`)).join(', ');
    const distinct = path.distinct === undefined ? '' : String(path.distinct) + (path.distinctCapped ? '+' : '');
    row.append(el('td', 'path', path.path), el('td', 'num', String(path.count)), el('td', 'num', String(path.messages)), el('td', '', types),
      el('td', 'num', path.min === undefined ? '' : String(path.min)), el('td', 'num', path.max === undefined ? '' : String(path.max)),
      el('td', 'num', path.mean === undefined ? '' : String(Number(path.mean.toPrecision(10)))), el('td', 'num', distinct));
    if (path.numbers > 0) {
      row.classList.add('numeric');
      row.title = 'Plot this path';
      row.tabIndex = 0;
      const choose = async () => { $('chart-path').value = path.path; await plot(); remember(); };
      row.addEventListener('click', choose);
      row.addEventListener('keydown', (event) => { if (event.key === 'Enter') choose(); });
      numeric.push(path.path);
    }
    if (path.types.some((t) => t.type === 'datetime' || t.type === 'date')) times.push(path.path);
    all.push(path.path);
    rows.append(row);
  }
  fill('numeric-paths', numeric);
  fill('all-paths', all);
  fill('time-paths', times);
}

function fill(id, values) {
  $(id).replaceChildren(...values.map((value) => { const option = el('option'); option.value = value; return option; }));
}

async function plot() {
  const path = $('chart-path').value.trim();
  if (!path) return;
  const turn = ++charts.plotted; // an older answer that arrives later is dropped
  const params = { path, group: $('chart-group').value.trim(), x: $('chart-x').value.trim(), where: state.where };
  const { ok, body } = await getJson('api/series?' + query(params));
  if (turn !== charts.plotted) return;
  const error = $('chart-error');
  error.hidden = ok;
  if (!ok) {
    error.textContent = (body.column ? `column ${body.column}: ` : '') + body.detail;
    return;
  }
  charts.series = body;
  const over = body.x ? `over ${body.x}` : 'over message order';
  $('chart-info').textContent = `${body.ys.length} points from ${body.messages} messages` + (body.skipped ? ` (${body.skipped} without a number there)` : '') +
    (body.cut ? ' · the last ones only' : '');
  $('line-caption').textContent = `${body.path} ${over}` + (body.group ? `, by ${body.group}` : '');
  $('histogram-caption').textContent = `${body.path}: histogram of ${body.ys.length} values`;
  draw(body);
}

// No path: no chart (an address without one, reached by Back).
function clearChart() {
  charts.plotted++;
  charts.line?.destroy();
  charts.histogram?.destroy();
  charts.line = charts.histogram = charts.series = null;
  $('chart-error').hidden = true;
  $('chart-info').textContent = '';
  $('line-caption').textContent = 'Values';
  $('histogram-caption').textContent = 'Histogram';
}

// uPlot wants one x column shared by every series: the points' xs sorted, each group's values where it has a point.
function lineData(series) {
  const order = series.xs.map((_, i) => i).sort((a, b) => series.xs[a] - series.xs[b] || a - b);
  const groups = series.groupNames ?? ['values'];
  const xs = [];
  const ys = groups.map(() => []);
  for (const i of order) {
    xs.push(series.xs[i]);
    const g = series.groups ? series.groups[i] : 0;
    ys.forEach((column, index) => column.push(index === g ? series.ys[i] : null));
  }
  return { groups, data: [xs, ...ys] };
}

function draw(series) {
  if (typeof uPlot === 'undefined') {
    $('chart-note').hidden = false;
    $('chart-note').textContent = 'This build of fudge has no chart library: run `bash .ci/vendor-page.sh` and build again. The numbers are in GET /api/series.';
    return;
  }
  charts.line?.destroy();
  charts.histogram?.destroy();
  const { groups, data } = lineData(series);
  const time = series.xKind === 'time';
  charts.line = new uPlot({
    width: 820, height: 300,
    scales: { x: { time } },
    axes: [{ label: series.x ?? 'message' }, { label: series.path }],
    series: [{ label: series.x ?? 'message' }, ...groups.map((name, i) => ({
      label: name, stroke: palette[i % palette.length], spanGaps: true, points: { show: data[0].length <= 500 },
    }))],
    legend: { live: true },
  }, data, $('line-chart'));
  const bins = series.histogram;
  const starts = bins.counts.map((_, i) => bins.min + i * bins.width);
  charts.histogram = new uPlot({
    width: 520, height: 300,
    scales: { x: { time: false } },
    axes: [{ label: series.path }, { label: 'messages' }],
    series: [{ label: 'from' }, { label: 'count', fill: 'rgba(11, 87, 208, 0.35)', stroke: palette[0], paths: uPlot.paths.bars({ size: [0.9, 80], align: 1 }), points: { show: false } }],
    legend: { live: true },
  }, [starts, bins.counts], $('histogram-chart'));
}

// Live sources: the chart and the statistics follow the messages as they arrive.
document.addEventListener('source-polled', (event) => {
  const { before, now } = event.detail;
  if ($('charts-view').hidden || !$('chart-live').checked) return;
  if (now.count === before.count && now.generation === before.generation) return;
  if ($('chart-path').value.trim()) plot();
  loadStats();
});

$('view-charts').addEventListener('click', async () => { const shown = showView('charts'); remember(); await shown; });
$('chart-form').addEventListener('submit', async (event) => { event.preventDefault(); await plot(); remember(); });
$('filter-form').addEventListener('submit', () => { if (!$('charts-view').hidden) setTimeout(() => { loadStats(); plot(); }, 0); });
