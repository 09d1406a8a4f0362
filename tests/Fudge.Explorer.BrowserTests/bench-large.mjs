// The main thread's work to open a large message in fudge serve's page and to point over it, measured in Debian's
// headless chromium: run by `bash .ci/browser.sh bench`, which serves the messages and sets FUDGE_BENCH_SOURCES
// ("label=url" separated by spaces). A benchmark, not a test: run it on a quiet machine and quote what it prints.
//
// For each message and each of FUDGE_BENCH_RUNS runs (default 5), in a fresh page: the time from the click on the
// list row to the first view (title, first tree rows, first bytes), with the main thread's work in that time from
// chromium's own counters (CDP Performance.getMetrics: TaskDuration is all of it, of which ScriptDuration,
// LayoutDuration and RecalcStyleDuration) and its long tasks (over 50 ms); real pointer moves (page.mouse, through CDP
// Input.dispatchMouseEvent) over 60 of the first bytes and 40 of the first tree rows, each move's work being the
// counters' difference over the sweep divided by the moves; the last byte pointed at, from the move until it is
// named (the page of fields around it read); and moves over the last bytes and the last tree rows. Prints one line
// per run and the medians ("N fields": the fields the page then holds).
//
// With --trace (or --trace=DIR), each run's open is also traced (CDP Tracing: the devtools.timeline, v8, blink and
// disabled-by-default-devtools.timeline categories, from the click to the first view), the trace saved as DIR/LABEL-N.json
// (DIR: the system's temporary folder by default; it opens in chromium's Performance panel or ui.perfetto.dev) and
// its main thread's work printed after the run's lines, by event and self time, for all the open's tasks and for the
// longest one (trace-summary.mjs). Tracing costs time of its own: figures of traced runs are for the breakdown, not
// for quoting.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { installHexProbe } from './hex-probe.mjs';
import { summarizeTrace } from './trace-summary.mjs';

const sources = (process.env.FUDGE_BENCH_SOURCES ?? '').split(/\s+/).filter(Boolean).map((s) => {
  const at = s.indexOf('=');
  return { label: s.slice(0, at), url: s.slice(at + 1) };
});
if (!sources.length) throw new Error('FUDGE_BENCH_SOURCES is not set: run this through `bash .ci/browser.sh bench`');
const runs = Number(process.env.FUDGE_BENCH_RUNS ?? 5);
const traceArg = process.argv.slice(2).find((a) => a === '--trace' || a.startsWith('--trace='));
const traceDir = traceArg ? (traceArg.includes('=') ? traceArg.slice(traceArg.indexOf('=') + 1) : join(tmpdir(), 'fudge-explorer-traces')) : null;
if (traceDir) mkdirSync(traceDir, { recursive: true });
const traceCategories = ['devtools.timeline', 'v8', 'blink', 'blink.user_timing', 'toplevel', 'loading', 'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame', 'disabled-by-default-v8.gc', 'cc'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});

let domain = 'unknown';
const wanted = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

async function metrics(cdp) {
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  const byName = Object.fromEntries(all.map((m) => [m.name, m.value]));
  return { ...Object.fromEntries(wanted.map((name) => [name, byName[name] * 1000])), Nodes: byName.Nodes, JSHeapUsedSize: byName.JSHeapUsedSize };
}

const work = (before, after, per = 1) => ({
  task: (after.TaskDuration - before.TaskDuration) / per,
  script: (after.ScriptDuration - before.ScriptDuration) / per,
  layout: (after.LayoutDuration - before.LayoutDuration) / per,
  style: (after.RecalcStyleDuration - before.RecalcStyleDuration) / per,
});

const longTasks = (page) => page.evaluate(() => { const tasks = window.__longTasks.splice(0); return { count: tasks.length, longest: Math.max(0, ...tasks) }; });

// Real pointer moves to the centre of each tree row, or of each byte's digits in the hex view ('hex': where the browser
// drew them, hex-probe.mjs), that shows in its pane (the rows drawn above and below the view are clipped): at most
// `count`, spread over all of them.
async function sweep(page, cdp, target, count) {
  const boxes = await page.evaluate(([t, n]) => {
    const shown = t === 'hex' ? hexProbe.shown() : [...document.querySelectorAll('#tree .row[data-node]')].map((e) => e.getBoundingClientRect()).filter((r) => {
      const pane = document.querySelector('#tree').getBoundingClientRect();
      return r.top >= pane.top && r.bottom <= pane.bottom;
    }).map((r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 }));
    const step = Math.max(1, Math.floor(shown.length / n));
    return shown.filter((_, i) => i % step === 0).slice(0, n).map((b) => [b.x, b.y]);
  }, [target, count]);
  await longTasks(page);
  const before = await metrics(cdp);
  for (const [x, y] of boxes) await page.mouse.move(x, y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve()))); // the last move's frame
  const after = await metrics(cdp);
  return { moves: boxes.length, ...work(before, after, boxes.length), long: await longTasks(page) };
}

async function once(url, traceFile) {
  const context = await browser.newContext({ viewport: { width: 1500, height: 900 } });
  await context.addInitScript(installHexProbe);
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // The main thread's own CPU time where the platform gives it (time spent descheduled on a busy machine is not
  // work), else wall time.
  try { await cdp.send('Performance.enable', { timeDomain: 'threadTicks' }); domain = 'thread CPU time'; } catch { await cdp.send('Performance.enable'); domain = 'wall time'; }
  await page.goto(url);
  await page.waitForSelector('#list tbody tr[data-id="0"]');
  await page.waitForTimeout(300); // the list's own work done
  await longTasks(page);

  if (traceFile) {
    await browser.startTracing(page, { categories: traceCategories });
    await page.evaluate(() => performance.mark('fudge-open-start'));
  }
  const m0 = await metrics(cdp);
  const start = Date.now();
  await page.click('#list tbody tr[data-id="0"]');
  await page.waitForFunction(() => document.querySelector('#message-title').textContent.startsWith('Message 0') && document.querySelector('#tree .row[data-node="1"]') && hexProbe.text(0) !== null, null, { polling: 'raf' });
  const firstWall = Date.now() - start;
  const m1 = await metrics(cdp);
  const firstLong = await longTasks(page);
  let trace = null;
  if (traceFile) {
    // The frame of the first view painted, then the mark that ends the window.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await page.evaluate(() => performance.mark('fudge-open-end'));
    const buffer = await browser.stopTracing();
    writeFileSync(traceFile, buffer);
    trace = summarizeTrace(JSON.parse(buffer.toString()));
  }

  const hexStart = await sweep(page, cdp, 'hex', 60);
  const treeStart = await sweep(page, cdp, 'tree', 40);

  // The last byte: its bytes fetched, the fields up to it read page by page (up to the most the page holds), named.
  await page.evaluate(() => { const hex = document.querySelector('#hex'); hex.scrollTop = hex.scrollHeight; });
  // The rows at the end drawn (the scroll redraws on the next frame) and their bytes fetched: until then the last
  // byte drawn is one of the first rows', and pointing at it names an early field at once.
  await page.waitForFunction(() => hexProbe.drawn()[1] === state.size && hexProbe.text(state.size - 1) !== '··');
  const lastBox = await page.evaluate(() => { const b = hexProbe.box(state.size - 1); return [b.x, b.y]; });
  await longTasks(page);
  const m2 = await metrics(cdp);
  const lastStart = Date.now();
  await page.mouse.move(...lastBox);
  await page.waitForFunction(() => / in the value of |the page holds all/.test(document.querySelector('#hover-info').textContent), null, { polling: 50, timeout: 600000 });
  const lastWall = Date.now() - lastStart;
  const m3 = await metrics(cdp);
  const lastLong = await longTasks(page);
  const fields = await page.evaluate(() => state.held);

  const hexEnd = await sweep(page, cdp, 'hex', 60);
  await page.evaluate(() => { const tree = document.querySelector('#tree'); tree.scrollTop = tree.scrollHeight; });
  await page.waitForTimeout(100);
  const treeEnd = await sweep(page, cdp, 'tree', 40);
  const m4 = await metrics(cdp);
  const figures = {
    fields, nodes: m4.Nodes, heapMB: +(m4.JSHeapUsedSize / 1048576).toFixed(1),
    first: { wall: firstWall, ...work(m0, m1), long: firstLong },
    last: { wall: lastWall, ...work(m2, m3), long: lastLong },
    hexStart, treeStart, hexEnd, treeEnd, trace,
  };
  await context.close();
  return figures;
}

const ms = (v) => v.toFixed(1).padStart(7);
const median = (values) => { const s = [...values].sort((a, b) => a - b); return s[s.length >> 1]; };
const row = (label, step, f) => console.log(`${label.padEnd(14)} ${step.padEnd(22)} ${f.wall === undefined ? '      -' : String(f.wall).padStart(7)} ${ms(f.task)} ${ms(f.script)} ${ms(f.layout)} ${ms(f.style)} ${String(f.long?.count ?? '-').padStart(5)} ${f.long ? ms(f.long.longest) : '      -'}`);

console.log(`chromium ${browser.version()}, ${runs} runs each; milliseconds of the main thread's work (a move: per move); wall: from the click`);
console.log(`${'message'.padEnd(14)} ${'step'.padEnd(22)} ${'wall'.padStart(7)} ${'task'.padStart(7)} ${'script'.padStart(7)} ${'layout'.padStart(7)} ${'style'.padStart(7)} ${'long'.padStart(5)} ${'longest'.padStart(7)}`);
const steps = [['first', 'open: first view'], ['hexStart', 'point: first bytes'], ['treeStart', 'point: first rows'],
  ['last', 'last byte: fields read'], ['hexEnd', 'point: last bytes'], ['treeEnd', 'point: last rows']];
for (const { label, url } of sources) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const traceFile = traceDir ? join(traceDir, `${label}-${i + 1}.json`) : null;
    const figures = await once(url, traceFile);
    all.push(figures);
    console.log(`# ${label} run ${i + 1}: ${figures.fields} fields, ${figures.nodes} DOM nodes, JS heap ${figures.heapMB} MB`);
    for (const [key, step] of steps) row(label, step, figures[key]);
    if (figures.trace) console.log([`# trace saved: ${traceFile}`, ...figures.trace].join('\n'));
  }
  console.log(`# ${label}: medians of ${runs} runs (durations counted in ${domain})`);
  for (const [key, step] of steps) {
    const pick = (f) => all.map((figures) => figures[key][f]);
    row(label, 'median ' + step.replace(': ', ' '), {
      wall: all[0][key].wall === undefined ? undefined : median(pick('wall')),
      task: median(pick('task')), script: median(pick('script')), layout: median(pick('layout')), style: median(pick('style')),
      long: { count: median(all.map((figures) => figures[key].long.count)), longest: median(all.map((figures) => figures[key].long.longest)) },
    });
  }
}
await browser.close();
