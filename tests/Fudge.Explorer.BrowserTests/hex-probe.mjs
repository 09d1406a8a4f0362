// What the hex view shows, read as a person reads it: from its text as the browser laid it out (a Range over a
// byte's characters gives where they were drawn), never from the page's own arithmetic. So a test that moves the
// pointer to where byte i is drawn checks that the page finds the byte under the pointer from its position, and one
// that compares the marks' rectangles with the bytes' checks that a mark covers exactly the bytes it says.
// installHexProbe runs in the page (a context's init script, before the page's own): window.hexProbe.
export function installHexProbe() {
  const blocks = { bytes: '#hex .hex-bytes', ascii: '#hex .hex-ascii' };
  const perRow = 16;

  // Byte i's characters in a column (its two digits, or its character in the text column) as a Range, or null when
  // its row is not drawn.
  function range(i, column = 'bytes') {
    const block = document.querySelector(blocks[column]);
    const node = block?.firstChild;
    if (!node) return null;
    const lines = node.data.split('\n');
    const line = Math.floor(i / perRow) - Number(block.dataset.firstRow);
    if (line < 0 || line >= lines.length) return null;
    let offset = 0;
    for (let l = 0; l < line; l++) offset += lines[l].length + 1;
    const k = i % perRow;
    let start;
    let length = 1;
    if (column === 'ascii') {
      if (k >= lines[line].length) return null;
      start = offset + k;
    } else {
      const pair = [...lines[line].matchAll(/\S\S/g)][k]; // the k-th pair of digits of the row
      if (!pair) return null;
      start = offset + pair.index;
      length = 2;
    }
    const r = document.createRange();
    r.setStart(node, start);
    r.setEnd(node, start + length);
    return r;
  }

  const rect = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
  const inside = (point, r) => !!point && !!r && point.x > r.left && point.x < r.right && point.y > r.top && point.y < r.bottom;

  const probe = {
    // The text drawn for byte i ('47', or '··' while its bytes are being fetched), or null when it is not drawn.
    text: (i, column = 'bytes') => range(i, column)?.toString() ?? null,
    // Where byte i's characters were drawn (viewport coordinates, with their centre x, y), or null.
    box(i, column = 'bytes') {
      const r = range(i, column);
      return r ? rect(r.getBoundingClientRect()) : null;
    },
    // The bytes drawn, [from, to): the rows in view and a few around them.
    drawn() {
      const block = document.querySelector(blocks.bytes);
      if (!block?.firstChild) return [0, 0];
      const lines = block.firstChild.data.split('\n');
      const from = Number(block.dataset.firstRow) * perRow;
      return [from, from + (lines.length - 1) * perRow + (lines[lines.length - 1].match(/\S\S/g)?.length ?? 0)];
    },
    // The number of rows drawn (lines of the bytes' column).
    rows() {
      const block = document.querySelector(blocks.bytes);
      return block?.firstChild ? block.firstChild.data.split('\n').length : 0;
    },
    // The bytes drawn whose characters show in the pane (not scrolled out of it), with their boxes.
    shown(column = 'bytes') {
      const pane = document.querySelector('#hex').getBoundingClientRect();
      const [from, to] = probe.drawn();
      const shown = [];
      for (let i = from; i < to; i++) {
        const box = probe.box(i, column);
        if (box && box.top >= pane.top && box.bottom <= pane.bottom) shown.push({ i, ...box });
      }
      return shown;
    },
    // The bytes drawn whose characters' centre lies inside a mark of the part (header, name, value) in the column.
    marked(part, column = 'bytes') {
      const marks = [...document.querySelectorAll(`#hex .hex-mark.in-${part}[data-col="${column}"]`)].map((m) => m.getBoundingClientRect());
      const [from, to] = probe.drawn();
      const bytes = [];
      for (let i = from; i < to; i++) if (marks.some((m) => inside(probe.box(i, column), m))) bytes.push(i);
      return bytes;
    },
    // The bytes drawn whose characters a mark (of any part) covers only in part: a mark must cover a byte's characters
    // whole or not at all (half a pixel's tolerance), so a box a little too wide or too far is caught.
    straddled(column = 'bytes') {
      const marks = [...document.querySelectorAll(`#hex .hex-mark[data-col="${column}"]`)].map((m) => m.getBoundingClientRect());
      const [from, to] = probe.drawn();
      const straddled = [];
      for (let i = from; i < to; i++) {
        const b = probe.box(i, column);
        if (!b) continue;
        const partly = marks.some((m) => {
          const overlaps = Math.min(b.right, m.right) - Math.max(b.left, m.left) > 0.5 && Math.min(b.bottom, m.bottom) - Math.max(b.top, m.top) > 0.5;
          const covers = m.left <= b.left + 0.5 && m.right >= b.right - 0.5 && m.top <= b.top + 0.5 && m.bottom >= b.bottom - 0.5;
          return overlaps && !covers;
        });
        if (partly) straddled.push(i);
      }
      return straddled;
    },
    // The bytes the marks of a part say they cover (their data-start and data-end), in order.
    markedByData(part, column = 'bytes') {
      const bytes = [];
      for (const mark of document.querySelectorAll(`#hex .hex-mark.in-${part}[data-col="${column}"]`)) {
        for (let i = Number(mark.dataset.start); i < Number(mark.dataset.end); i++) bytes.push(i);
      }
      return bytes.sort((a, b) => a - b);
    },
    // An overlay over one byte (`hex-cursor`: the byte pointed at or pinned; `hex-fault`: a malformed message's faulty
    // byte): the byte it says (data-start), the byte drawn under its centre, and its text. Null when there is none.
    over(className, column = 'bytes') {
      const element = document.querySelector(`#hex .${className}[data-col="${column}"]`);
      if (!element) return null;
      const centre = rect(element.getBoundingClientRect());
      const [from, to] = probe.drawn();
      let under = -1;
      for (let i = from; i < to && under < 0; i++) if (inside(centre, probe.box(i, column))) under = i;
      return { i: Number(element.dataset.start), under, text: element.textContent };
    },
  };
  window.hexProbe = probe;
}
