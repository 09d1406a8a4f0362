// What a Chrome trace (the JSON of CDP Tracing, as playwright's browser.stopTracing gives it) says the page's main
// thread did between two user-timing marks: its tasks, the longest of them, and the events that filled them by self
// time (an event's duration less its children's), in wall and in the thread's CPU time. Used by bench-large.mjs
// --trace to name what the counters of CDP Performance.getMetrics leave unattributed (paint, commit, parsing a
// response, a compile, a collection...).

// The renderer main threads of the trace: { pid, tid } keyed "pid:tid".
function mainThreads(events) {
  const threads = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') threads.set(`${e.pid}:${e.tid}`, { pid: e.pid, tid: e.tid });
  }
  return threads;
}

// Complete events ('X', and 'B'/'E' pairs made complete) of one thread, with wall (us) and thread-time (us) bounds.
function completeEvents(events, key) {
  const out = [];
  const open = [];
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== key) continue;
    if (e.ph === 'X' && e.dur !== undefined) out.push({ name: e.name, cat: e.cat, ts: e.ts, dur: e.dur, tdur: e.tdur, args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) out.push({ name: b.name, cat: b.cat, ts: b.ts, dur: e.ts - b.ts, tdur: e.tts !== undefined && b.tts !== undefined ? e.tts - b.tts : undefined, args: { ...b.args, ...e.args } });
    }
  }
  // Parents before children: earlier first, and of two starting together the longer first.
  out.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  return out;
}

// Each event's self time (wall and thread): its duration less its direct children's.
function withSelfTimes(events) {
  const stack = [];
  for (const e of events) {
    e.self = e.dur;
    e.tself = e.tdur;
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && e.ts + e.dur <= parent.ts + parent.dur + 1) {
      parent.self -= e.dur;
      if (parent.tself !== undefined && e.tdur !== undefined) parent.tself -= e.tdur;
      e.parent = parent;
    }
    stack.push(e);
  }
  return events;
}

// The top-level task an event is in (the outermost event of its stack).
const rootOf = (e) => { while (e.parent) e = e.parent; return e; };

// A short word on what an event was about, where the trace says (a script's URL and function, a request's URL).
function detail(e) {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  const where = d.url ? d.url.replace(/^.*\//, '') : '';
  if (d.functionName) return `${d.functionName}${where ? ' ' + where : ''}`;
  if (d.type) return String(d.type);
  return where;
}

function byName(events) {
  const groups = new Map();
  for (const e of events) {
    const g = groups.get(e.name) ?? { name: e.name, self: 0, tself: 0, count: 0, biggest: null };
    g.self += Math.max(0, e.self);
    g.tself += Math.max(0, e.tself ?? 0);
    g.count += 1;
    if (!g.biggest || e.self > g.biggest.self) g.biggest = e;
    groups.set(e.name, g);
  }
  return [...groups.values()].sort((a, b) => b.self - a.self);
}

const ms = (us) => (us / 1000).toFixed(1).padStart(6);

// Summary lines (each starting with '#') of the main thread's work between the marks `from` and `to` (user-timing
// marks set in the page; the whole trace when they are missing).
export function summarizeTrace(trace, { from = 'fudge-open-start', to = 'fudge-open-end', top = 12 } = {}) {
  const events = trace.traceEvents ?? trace;
  const threads = mainThreads(events);
  // The page's main thread: the renderer main thread that set the marks.
  const mark = (name) => events.find((e) => e.name === name && e.cat?.includes('blink.user_timing') && threads.has(`${e.pid}:${e.tid}`));
  const start = mark(from);
  const end = mark(to);
  let key = start ? `${start.pid}:${start.tid}` : null;
  if (!key) {
    // No marks: the renderer main thread with the most work.
    let most = -1;
    for (const k of threads.keys()) {
      const total = completeEvents(events, k).reduce((sum, e) => sum + e.dur, 0);
      if (total > most) { most = total; key = k; }
    }
  }
  if (!key) return ['# trace: no renderer main thread in the trace'];
  const lo = start?.ts ?? -Infinity;
  const hi = end?.ts ?? Infinity;
  const all = withSelfTimes(completeEvents(events, key));
  const inWindow = all.filter((e) => e.ts + e.dur > lo && e.ts < hi);
  const roots = inWindow.filter((e) => !e.parent);
  const lines = [];
  const busy = roots.reduce((sum, e) => sum + e.dur, 0);
  const busyThread = roots.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  lines.push(`# trace of the open: ${start && end ? ms(hi - lo).trim() + ' ms from the click to the first view, ' : ''}${roots.length} top-level tasks, ${ms(busy).trim()} ms of them (${ms(busyThread).trim()} ms thread time)`);
  lines.push(`#   ${'event (self time, all tasks)'.padEnd(40)} ${'wall'.padStart(6)} ${'thread'.padStart(6)} ${'count'.padStart(6)}  biggest: ms, about`);
  for (const g of byName(inWindow).slice(0, top)) {
    lines.push(`#   ${g.name.slice(0, 40).padEnd(40)} ${ms(g.self)} ${ms(g.tself)} ${String(g.count).padStart(6)}  ${ms(g.biggest.self).trim()}${detail(g.biggest) ? ', ' + detail(g.biggest).slice(0, 60) : ''}`);
  }
  const longest = roots.reduce((a, b) => (!a || b.dur > a.dur ? b : a), null);
  if (longest) {
    const inside = inWindow.filter((e) => rootOf(e) === longest);
    lines.push(`# the longest task: ${ms(longest.dur).trim()} ms (${ms(longest.tdur ?? 0).trim()} ms thread time) at +${ms(longest.ts - (Number.isFinite(lo) ? lo : longest.ts)).trim()} ms; by self time:`);
    for (const g of byName(inside).slice(0, top)) {
      lines.push(`#   ${g.name.slice(0, 40).padEnd(40)} ${ms(g.self)} ${ms(g.tself)} ${String(g.count).padStart(6)}  ${ms(g.biggest.self).trim()}${detail(g.biggest) ? ', ' + detail(g.biggest).slice(0, 60) : ''}`);
    }
  }
  return lines;
}
