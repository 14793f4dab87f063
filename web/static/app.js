// The playground page: the editor, the picker, the actions and their output. The engine runs in a Web
// Worker (worker.js); this thread only draws. Nothing leaves the browser: the scenario is kept in
// localStorage and shared through the page's address (its fragment, never sent to a server).

const $ = (id) => document.getElementById(id);
const text = $('text');
const pathInput = $('path');
const STORE = 'mythos.playground.';

const EXAMPLE = `game = "eldritch"
title = "Trish Scarborough tests Strength and spends a Clue to reroll two dice"
source = "EH wiki, Trish Scarborough: a Clue rerolls up to 2 dice"

[investigator]
card = "Trish Scarborough"
clues = 1
conditions = ["blessed"]

[test]
skill = "strength"
modifier = -1

[dice]
faces = [1, 2, 3, 5]

[choices]
rerolls = "until_pass"

[expect]
"tests.0.pool" = 2
"tests.0.passed" = true
"investigator.clues" = 0
`;

// ---------------------------------------------------------------- the engine's worker

// What the tests read: the last action's timing, how many workers were started, how the last Cancel
// stopped the engine ('flag' or 'restart').
const perf = { last: null, workers: 0, cancelled: null };
window.__mythos = perf;

let worker = null;
let nextId = 1;
const pending = new Map();
let packs = [];
// The call the page waits on ({id, op}), for Cancel.
let current = null;

// Cancel's flag, shared with the worker where the page is cross-origin isolated (sw.js serves every
// file with the headers that make it so, from the second visit on): the page writes the id of the odds
// to stop, the worker's engine reads it at its next progress report and stops, and the worker goes on
// with its module and what it keeps. Without it (a first visit, a server or browser without the
// headers), or when the worker does not answer within CANCEL_GRACE ms (a Run, a Validate), Cancel ends
// the worker and starts a fresh one, which is sent the loaded packs again.
const flag = globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function'
  ? new Int32Array(new SharedArrayBuffer(4)) : null;
const CANCEL_GRACE = 2000;
perf.shared = flag !== null;

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  perf.workers += 1;
  worker.onmessage = (e) => {
    const msg = e.data;
    const p = pending.get(msg.id);
    if (!p) return;
    if ('progress' in msg && !('ok' in msg)) { p.onProgress && p.onProgress(msg); return; }
    pending.delete(msg.id);
    if (msg.ok && msg.out && msg.out.cancelled) p.reject(new Error('cancelled'));
    else if (msg.ok) p.resolve(msg);
    else {
      p.reject(new Error(msg.panic ? `the engine stopped: ${msg.panic}` : msg.error));
      if (msg.fatal) restartWorker();
    }
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(`the engine could not start: ${e.message || 'unknown error'}`));
    pending.clear();
  };
  const hello = call('hello', { flag: flag && flag.buffer });
  if (packs.length) call('packs', { packs }).catch(() => {});
  return hello;
}

function restartWorker() {
  if (worker) worker.terminate();
  for (const p of pending.values()) p.reject(new Error('cancelled'));
  pending.clear();
  startWorker();
}

// Cancel: odds stop through the shared flag when there is one; anything else ends the worker.
function cancel() {
  if (!busy || !current) return;
  const { id, op } = current;
  if (flag && op === 'odds') {
    Atomics.store(flag, 0, id);
    perf.cancelled = 'flag';
    setTimeout(() => { if (pending.has(id)) { perf.cancelled = 'restart'; restartWorker(); } }, CANCEL_GRACE);
  } else {
    perf.cancelled = 'restart';
    restartWorker();
  }
}

// Sends one operation to the worker; its answer settles the promise. An action's call is `current`.
function call(op, args = {}, onProgress = null, isAction = false) {
  const id = nextId++;
  if (isAction) current = { id, op };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    worker.postMessage({ id, op, ...args });
  });
}

// ---------------------------------------------------------------- the editor

let marks = { errors: [], lines: {} };

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// The editor's character width and the width its text may take (both in px), to tell whether a
// column is in view without scrolling sideways.
let measure = null;
function editorMetrics() {
  const cs = getComputedStyle(text);
  const ctx = measure || (measure = document.createElement('canvas').getContext('2d'));
  ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
  const cw = ctx.measureText('0').width || 8;
  const inner = text.clientWidth - (parseFloat(cs.paddingLeft) || 0) - (parseFloat(cs.paddingRight) || 0);
  return { cw, inner };
}

// The part of a line around a marked span [from, to) (in characters), to quote under the line when the
// span lies beyond the editor's width: the editor is never scrolled sideways to show it, so the other
// lines keep their text in view.
const AROUND = 24;
function excerpt(chars, from, to) {
  const a = Math.max(0, from - AROUND);
  const b = Math.min(chars.length, Math.max(to, from + 1) + AROUND);
  return `${a > 0 ? '…' : ''}${escapeHtml(chars.slice(a, from).join(''))}<mark>${escapeHtml(chars.slice(from, to).join('') || ' ')}</mark>${escapeHtml(chars.slice(to, b).join(''))}${b < chars.length ? '…' : ''}`;
}

// The editor's lines, split again only when its text changed.
let lineCache = { value: '', lines: [''] };
function editorLines() {
  if (lineCache.value !== text.value) lineCache = { value: text.value, lines: text.value.split('\n') };
  return lineCache.lines;
}

// The gutter and the backdrop draw only the lines in view and OVERSCAN lines either side of them, above
// and below spacers of the height of the lines not drawn: a keystroke in a scenario of 100,000 lines
// costs what it costs in one of 100 (issue 39: the page drew every line on every keystroke, about 5x
// slower than a bare textarea, 127 s a keystroke at a million lines). Scrolling draws the new window.
const OVERSCAN = 60;
let drawn = { from: 0, to: 0, count: -1 };

function lineHeight() {
  return parseFloat(getComputedStyle(text).lineHeight) || 19;
}

function drawEditor() {
  const lines = editorLines();
  const { cw, inner } = editorMetrics();
  const lh = lineHeight();
  const from = Math.max(0, Math.floor(text.scrollTop / lh) - OVERSCAN);
  const to = Math.min(lines.length, Math.ceil((text.scrollTop + text.clientHeight) / lh) + OVERSCAN);
  const byLine = new Map();
  for (const d of marks.errors) {
    if (!d.line) continue;
    if (!byLine.has(d.line)) byLine.set(d.line, []);
    byLine.get(d.line).push(d);
  }
  const gutter = [`<div class="spacer" style="height:${from * lh}px"></div>`];
  const back = [];
  for (let i = from; i < to; i++) {
    const line = lines[i];
    const n = i + 1;
    const errs = byLine.get(n);
    const cls = errs ? 'err' : (marks.lines[n] || '');
    const title = errs ? errs.map((d) => `${d.code} ${d.message}${d.hint ? ` (hint: ${d.hint})` : ''}`).join('\n') : '';
    gutter.push(`<div data-line="${n}" class="${cls}"${title ? ` title="${escapeHtml(title)}"` : ''}>${n}</div>`);
    let html;
    if (errs) {
      const d = errs[0];
      const chars = [...line];
      const from = Math.min(Math.max((d.column || 1) - 1, 0), chars.length);
      let to = d.end_line === n ? (d.end_column || 1) - 1 : chars.length;
      if (to <= from) to = Math.min(from + 1, chars.length);
      html = escapeHtml(chars.slice(0, from).join('')) + '<mark>' + escapeHtml(chars.slice(from, to).join('') || ' ') + '</mark>' + escapeHtml(chars.slice(to).join(''));
      html = `<span class="line-err">${html}</span>`;
    } else if (marks.lines[n] === 'miss') {
      html = `<span class="line-miss">${escapeHtml(line) || ' '}</span>`;
    } else {
      html = escapeHtml(line);
    }
    back.push(html);
  }
  gutter.push(`<div class="spacer" style="height:${(lines.length - to) * lh}px"></div>`);
  // The lenses: one for each marked line (a few), wherever it is.
  const notes = [];
  for (const [n, errs] of byLine) {
    if (n > lines.length) continue;
    const d = errs[0];
    const chars = [...lines[n - 1]];
    const from = Math.min(Math.max((d.column || 1) - 1, 0), chars.length);
    let to = d.end_line === n ? (d.end_column || 1) - 1 : chars.length;
    if (to <= from) to = Math.min(from + 1, chars.length);
    // Beyond the width the editor shows unscrolled: the lens quotes the line there, with its column.
    const quote = to * cw > inner ? `<div class="excerpt" title="line ${n}, column ${from + 1}"><span class="col">col ${from + 1}</span> ${excerpt(chars, from, to)}</div>` : '';
    notes.push(`<div class="lens" style="top:${n}lh" data-line="${n}">${quote}${errs.map((e) => `<b>${e.code}</b> ${escapeHtml(e.message)}${e.hint ? ` <i>hint: ${escapeHtml(e.hint)}</i>` : ''}`).join('<br>')}</div>`);
  }
  $('gutter').innerHTML = gutter.join('');
  $('gutter').style.minWidth = `${String(lines.length).length + 1.6}ch`;
  // The backdrop's spacers are as wide as the text, so that it scrolls sideways as far as the editor.
  const wide = `width:${text.scrollWidth}px`;
  $('backdrop').innerHTML = `<div class="spacer" style="height:${from * lh}px;${wide}"></div>` + back.join('\n') + '\n' + `<div class="spacer" style="height:${(lines.length - to) * lh}px;${wide}"></div>`;
  $('notes-inner').innerHTML = notes.join('');
  drawn = { from, to, count: lines.length };
  syncScroll();
}

// Draws the editor again when a scroll brings lines that were not drawn into view (once a frame).
let redraw = 0;
function drawIfScrolledOut() {
  const lh = lineHeight();
  const top = Math.floor(text.scrollTop / lh);
  const bottom = Math.ceil((text.scrollTop + text.clientHeight) / lh);
  const out = (top < drawn.from + OVERSCAN / 2 && drawn.from > 0) || (bottom > drawn.to - OVERSCAN / 2 && drawn.to < drawn.count);
  if (out && !redraw) redraw = requestAnimationFrame(() => { redraw = 0; drawEditor(); });
}

function syncScroll() {
  $('backdrop').scrollTop = text.scrollTop;
  $('backdrop').scrollLeft = text.scrollLeft;
  $('gutter').scrollTop = text.scrollTop;
  $('notes-inner').style.transform = `translateY(${-text.scrollTop}px)`;
}

// Scrolls the editor so that a 1-based line is in view, without moving the cursor, and back to its
// left edge: every line's start shows, and a problem further right is quoted in its lens.
function reveal(line) {
  const lh = parseFloat(getComputedStyle(text).lineHeight) || 19;
  const top = (line - 1) * lh;
  if (top < text.scrollTop || top > text.scrollTop + text.clientHeight - 2 * lh) text.scrollTop = Math.max(top - 3 * lh, 0);
  text.scrollLeft = 0;
  syncScroll();
}

function clearMarks() {
  marks = { errors: [], lines: {} };
  drawEditor();
}

// The character offset in the editor of a 1-based line and column.
function offsetOf(line, column) {
  const lines = text.value.split('\n');
  let off = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
  const l = lines[line - 1] || '';
  return off + Math.min([...l].slice(0, Math.max(column - 1, 0)).join('').length, l.length);
}

function goTo(line, column = 1, endLine = null, endColumn = null) {
  const start = offsetOf(line, column);
  const end = endLine ? Math.max(offsetOf(endLine, endColumn || 1), start) : start;
  text.focus();
  text.setSelectionRange(start, end);
  const lh = parseFloat(getComputedStyle(text).lineHeight) || 19;
  const top = (line - 1) * lh;
  if (top < text.scrollTop || top > text.scrollTop + text.clientHeight - 2 * lh) text.scrollTop = Math.max(top - 3 * lh, 0);
  syncScroll();
}

text.addEventListener('input', () => {
  if (marks.errors.length || Object.keys(marks.lines).length) marks = { errors: [], lines: {} };
  drawEditor();
  overLimit();
  saveSoon();
  // A shared link's text, once edited, is no longer what the address holds: drop the fragment, so a
  // reload opens the edited text (kept in localStorage) and not the link's.
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
});
addEventListener('pagehide', save);
// A paste that would take the editor past the limits is refused whole, with the reason (never cut).
text.addEventListener('paste', (e) => {
  const pasted = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
  const after = text.value.slice(0, text.selectionStart) + pasted + text.value.slice(text.selectionEnd);
  const why = pastLimits(after);
  if (why) {
    e.preventDefault();
    showLimit(`Not pasted: the editor would hold ${why}; ${LIMITS_TEXT}.`);
  }
});
text.addEventListener('scroll', () => { syncScroll(); drawIfScrolledOut(); });
text.addEventListener('keydown', (e) => {
  if (e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) {
    // Two spaces, as TOML files are usually indented; Esc then Tab leaves the editor.
    if (tabLeaves) return;
    e.preventDefault();
    const s = text.selectionStart;
    text.setRangeText('  ', s, text.selectionEnd, 'end');
    text.dispatchEvent(new Event('input'));
  }
});
let tabLeaves = false;
text.addEventListener('keydown', (e) => { tabLeaves = e.key === 'Escape' ? true : (e.key === 'Tab' ? tabLeaves : false); }, true);
$('gutter').addEventListener('click', (e) => {
  const n = Number(e.target.dataset.line);
  if (n) goTo(n);
});

// ---------------------------------------------------------------- the page's limits (issue 39)

// What a shared link, the editor and the browser's storage may hold: the engine's own limit on a
// scenario file (1 MiB of UTF-8, E0003, `MAX_FILE_BYTES` in src/cli/text_file.rs) and at most
// MAX_LINES lines. A link's text is measured while it is inflated, and the inflating stops at the limit
// (a 2.7 KB link inflated to a million lines and froze the page for two minutes); a saved text past
// them is not restored (and is forgotten), and a text past them is neither saved nor played.
const MAX_TEXT_BYTES = 1 << 20;
const MAX_LINES = 20000;
const enc = new TextEncoder();
const plural = (n, what) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

// Why a text is past the limits, or null. A string's UTF-16 length never exceeds its UTF-8 length, so a
// long string is refused before it is encoded.
function pastLimits(s) {
  if (s.length > MAX_TEXT_BYTES) return `more than ${plural(MAX_TEXT_BYTES, 'byte')}`;
  const bytes = enc.encode(s).length;
  if (bytes > MAX_TEXT_BYTES) return `${plural(bytes, 'byte')}, more than ${plural(MAX_TEXT_BYTES, 'byte')}`;
  let lines = 1;
  for (let i = s.indexOf('\n'); i >= 0 && lines <= MAX_LINES; i = s.indexOf('\n', i + 1)) lines++;
  if (lines > MAX_LINES) return `more than ${plural(MAX_LINES, 'line')}`;
  return null;
}

const LIMITS_TEXT = `the playground holds a scenario of at most ${plural(MAX_TEXT_BYTES, 'byte')} (1 MiB, a scenario file's limit) and ${plural(MAX_LINES, 'line')}`;

// The text a link's deflated bytes inflate to, read a chunk at a time: past MAX_TEXT_BYTES the
// inflating stops (the rest is never produced) and a LimitError says so.
class LimitError extends Error {}
async function inflateLimited(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > MAX_TEXT_BYTES) {
      reader.cancel().catch(() => {});
      throw new LimitError(`more than ${plural(MAX_TEXT_BYTES, 'byte')} once inflated (it stopped there)`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// A message in the output pane (kept until the next action), and the status line.
function showLimit(msg) {
  perf.limitShownMs = performance.now();
  $('output').innerHTML = `<p class="limit" id="limit" role="alert">${escapeHtml(msg)}</p>`;
  // The status line: the message's first clause; the whole of it is in the output pane.
  setStatus(msg.split(':')[0], 'bad');
}

// The editor past the limits: said once when it goes past them; its text is then neither kept nor played.
let wasOver = false;
function overLimit() {
  const why = pastLimits(text.value);
  if (why && !wasOver) showLimit(`The editor holds ${why}: ${LIMITS_TEXT}. This text is not kept in the browser and cannot be played; cut it down.`);
  else if (!why && wasOver) setStatus('the editor is within the limits again');
  wasOver = !!why;
  return why;
}

// ---------------------------------------------------------------- keeping and sharing

let saveTimer = 0;
function saveSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, 300);
}

function save() {
  clearTimeout(saveTimer);
  try {
    if (!pastLimits(text.value)) localStorage.setItem(STORE + 'text', text.value);
    localStorage.setItem(STORE + 'path', pathInput.value);
    localStorage.setItem(STORE + 'samples', $('samples').value);
    localStorage.setItem(STORE + 'objective', $('objective').value);
  } catch (_) { /* storage full or off: nothing to do */ }
}

function bytesToB64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function b64urlToBytes(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

// The scenario as a fragment: `a` the action to show, `p` the file name, `z` the text deflated and in
// base64url (or `s`, plain base64url, where the browser cannot compress).
async function fragmentOf(action) {
  const raw = new TextEncoder().encode(text.value);
  const params = new URLSearchParams();
  params.set('a', action);
  if (action === 'odds' && $('objective').value) params.set('b', $('objective').value);
  if (pathInput.value !== 'scenario.toml') params.set('p', pathInput.value);
  if (typeof CompressionStream === 'function') params.set('z', bytesToB64url(await pipe(raw, new CompressionStream('deflate-raw'))));
  else params.set('s', bytesToB64url(raw));
  return '#' + params.toString();
}

async function readFragment() {
  const h = location.hash.slice(1);
  if (!h) return null;
  const params = new URLSearchParams(h);
  if (params.has('r')) return readRuling(params.get('r'));
  let body = null;
  // base64 of at most MAX_TEXT_BYTES bytes is at most 4/3 as long.
  const coded = params.get('z') ?? params.get('s');
  if (coded !== null && coded.length > Math.ceil(MAX_TEXT_BYTES * 4 / 3) + 4) throw new LimitError(`a text of ${plural(coded.length, 'character')}`);
  if (params.has('z')) body = new TextDecoder().decode(await inflateLimited(b64urlToBytes(params.get('z'))));
  else if (params.has('s')) body = new TextDecoder().decode(b64urlToBytes(params.get('s')));
  if (body === null) return null;
  const why = pastLimits(body);
  if (why) throw new LimitError(why);
  return { text: body, path: params.get('p') || 'scenario.toml', action: params.get('a') || 'run', objective: params.get('b') };
}

let lastAction = 'run';

$('share').addEventListener('click', async () => {
  const frag = await fragmentOf(lastAction);
  history.replaceState(null, '', frag);
  const url = location.href;
  try { await navigator.clipboard.writeText(url); setStatus(`link copied (${url.length} characters): it opens on this ${lastAction}`, 'good'); }
  catch (_) { setStatus(`link in the address bar (${url.length} characters): it opens on this ${lastAction}`, 'good'); }
});

// ---------------------------------------------------------------- output

function setStatus(msg, kind = '') {
  const s = $('status');
  s.textContent = msg;
  s.className = 'status ' + kind;
}

function diagHtml(d) {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column}` : ''}` : '';
  return `<div class="diag" data-line="${d.in_scenario ? d.line : ''}" data-col="${d.column || 1}" data-eline="${d.end_line || ''}" data-ecol="${d.end_column || ''}">
    <div><span class="where">${escapeHtml(where)}</span> <span class="code">${d.code}</span> ${escapeHtml(d.message)}</div>
    ${d.hint ? `<div class="hint">${escapeHtml(d.hint)}</div>` : ''}</div>`;
}

function showProblems(ds) {
  const box = $('problems');
  box.innerHTML = ds.map(diagHtml).join('');
  marks.errors = ds.filter((d) => d.in_scenario);
  drawEditor();
  if (marks.errors.length) reveal(marks.errors[0].line);
}

$('problems').addEventListener('click', (e) => {
  const el = e.target.closest('.diag');
  if (el && el.dataset.line) goTo(Number(el.dataset.line), Number(el.dataset.col), Number(el.dataset.eline) || null, Number(el.dataset.ecol) || null);
});

function transcriptHtml(t) {
  return t.split('\n').map((line, i) => {
    const e = escapeHtml(line);
    if (i === 0 || /^(==|Test \d+:|End:)/.test(line) || /^\(untitled scenario\)$/.test(line)) return `<span class="t-head">${e}</span>`;
    if (/\bignored\b|\bnot applied\b|\bdoes not apply\b/i.test(line)) return `<span class="t-ignored">${e}</span>`;
    if (/\bloses \d+ (Health|Sanity|Stamina)\b/.test(line) && /^\s*investigator\b/.test(line)) return `<span class="t-loss">${e}</span>`;
    if (/^\s*result: .*: passed$/.test(line)) return `<span class="t-pass">${e}</span>`;
    if (/^\s*result: .*: failed$/.test(line)) return `<span class="t-fail">${e}</span>`;
    return e;
  }).join('\n');
}

// The `[expect]` lines of the editor's text: their line numbers and keys.
function expectLines() {
  const out = [];
  let inExpect = false;
  text.value.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (/^\[\[?.*\]\]?\s*(#.*)?$/.test(t)) { inExpect = /^\[\s*expect\s*\]/.test(t); return; }
    if (!inExpect || !t || t.startsWith('#')) return;
    const m = t.match(/^("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=\s*(.*)$/);
    if (m) out.push({ line: i + 1, key: m[1].replace(/^["']|["']$/g, ''), value: m[2] });
  });
  return out;
}

function showRun(r, ms) {
  const out = $('output');
  $('problems').innerHTML = '';
  marks = { errors: [], lines: {} };
  if (r.diagnostics) {
    showProblems(r.diagnostics);
    if (r.refusal_expected && r.misses && r.misses.length === 0) {
      setStatus(`refused with ${r.refusal_expected}, as the file expects`, 'good');
    } else setStatus(`${r.diagnostics.length} problem${r.diagnostics.length === 1 ? '' : 's'}: the scenario cannot be played`, 'bad');
    out.innerHTML = `<pre class="rendered">${escapeHtml(r.diagnostics.map((d) => d.rendered).join('\n'))}</pre>`;
    return;
  }
  const misses = r.misses || [];
  let html = '';
  if (r.source) html += `<p class="meta">source: ${escapeHtml(r.source)}</p>`;
  if (r.error) {
    html += diagHtml(r.error);
    marks.errors = r.error.in_scenario ? [r.error] : [];
  }
  html += `<pre class="transcript" id="transcript">${transcriptHtml(r.transcript)}</pre>`;
  html += `<details><summary>result object (JSON)</summary><pre>${escapeHtml(JSON.stringify(r.result, null, 2))}</pre></details>`;
  out.innerHTML = html;
  const nExpect = expectLines().length;
  const tail = nExpect ? (misses.length ? `; ${misses.length} of ${nExpect} [expect] lines miss` : `; all ${nExpect} [expect] lines hold`) : '';
  setStatus(`played in ${ms.toFixed(0)} ms${tail}${r.error ? '; stopped by an error' : ''}`, r.error || misses.length ? 'bad' : 'good');
  drawEditor();
}

function showCheck(r, ms) {
  const out = $('output');
  $('problems').innerHTML = '';
  marks = { errors: [], lines: {} };
  const lines = expectLines();
  if (r.diagnostics && !r.refusal_expected) {
    showRun(r, ms);
    return;
  }
  const missAt = new Map((r.misses || []).map((m) => [m.line, m]));
  const items = lines.map((l) => {
    const m = missAt.get(l.line);
    marks.lines[l.line] = m ? 'miss' : 'hold';
    const detail = m ? `: expected ${m.expected}, got ${m.got}` : '';
    return `<li class="${m ? 'miss' : 'hold'}" data-line="${l.line}">line ${l.line}: ${escapeHtml(l.key)} = ${escapeHtml(l.value)}${escapeHtml(detail)}</li>`;
  });
  // A miss whose line is not among those found (should not happen): listed all the same.
  for (const m of r.misses || []) if (!lines.some((l) => l.line === m.line)) items.push(`<li class="miss">${escapeHtml(m.text)}</li>`);
  const nMiss = (r.misses || []).length;
  out.innerHTML = lines.length ? `<ul class="expects" id="expects">${items.join('')}</ul>` : '<p class="meta">This scenario has no [expect] lines: add some, e.g. <code>"tests.0.passed" = true</code>.</p>';
  if (r.error) out.innerHTML += diagHtml(r.error);
  if (r.transcript) out.innerHTML += `<details><summary>transcript</summary><pre class="transcript">${transcriptHtml(r.transcript)}</pre></details>`;
  setStatus(lines.length ? (nMiss ? `${nMiss} of ${lines.length} [expect] lines miss` : `all ${lines.length} [expect] lines hold`) : 'nothing to check', nMiss ? 'bad' : (lines.length ? 'good' : ''));
  drawEditor();
}

$('output').addEventListener('click', (e) => {
  const li = e.target.closest('[data-line]');
  if (li && li.dataset.line) goTo(Number(li.dataset.line));
});

function showValidate(ds, ms) {
  $('output').innerHTML = ds.length ? `<pre class="rendered">${escapeHtml(ds.map((d) => d.rendered).join('\n'))}</pre>` : '<p class="meta">No problem in the scenario or the loaded packs.</p>';
  marks = { errors: [], lines: {} };
  showProblems(ds);
  setStatus(ds.length ? `${ds.length} problem${ds.length === 1 ? '' : 's'}` : `no problem (checked in ${ms.toFixed(0)} ms)`, ds.length ? 'bad' : 'good');
}

const pct = (p) => `${(p * 100).toFixed(p > 0 && p < 0.001 ? 3 : 1)}%`;

// Every chart on one 0–100% scale: a bar's length is its probability, whatever the other bars.
function chart(title, rows, id) {
  if (!rows.length) return '';
  return `<div class="chart" id="${id}"><h3>${escapeHtml(title)}</h3>${rows.map(([k, p]) =>
    `<div class="bar" title="${escapeHtml(String(k))}: ${pct(p)}"><span class="k">${escapeHtml(String(k))}</span><span class="track"><span class="fill" style="display:block;width:${(Math.min(Math.max(p, 0), 1) * 100).toFixed(2)}%"></span></span><span class="p">${pct(p)}</span></div>`).join('')}</div>`;
}

function showOdds(o, ms) {
  $('problems').innerHTML = '';
  marks = { errors: [], lines: {} };
  drawEditor();
  if (o.diagnostics) {
    showProblems(o.diagnostics);
    $('output').innerHTML = `<pre class="rendered">${escapeHtml(o.diagnostics.map((d) => d.rendered).join('\n'))}</pre>`;
    setStatus('no odds: the scenario has a problem', 'bad');
    return;
  }
  const arkham = o.game === 'arkham';
  let html = `<p class="meta" id="method">${o.method === 'exact' ? `exact: ${o.runs.toLocaleString('en')} runs of the rules, every roll enumerated` : `sampled: ${o.runs.toLocaleString('en')} seeded runs from seed ${o.seed}`}${o.unresolved > 0 ? `; unresolved ${pct(o.unresolved)}` : ''}; ${ms.toFixed(0)} ms</p>`;
  if (o.best_refused) html += `<p class="meta" id="policy">The best play is refused (${escapeHtml(o.best_refused.code)}: ${escapeHtml(o.best_refused.message)}): below, the fixed policy (the scenario's [choices], nothing else spent), not the best play.</p>`;
  else if (!o.best && o.policy && o.policy.kind === 'choices') html += `<p class="meta" id="policy">${o.policy.written ? "Policy: the scenario's [choices]; a question they do not answer takes its first option (spend nothing, do not evade, empty hands)." : 'Policy: fixed, each question answered by its first option (spend nothing, do not evade, empty hands): not the best play.'}</p>`;
  if (o.fallback) html += `<p class="meta">${escapeHtml(o.fallback.message)}: sampled instead.</p>`;
  if (o.test_passed !== null && o.test_passed !== undefined) html += chart('Test', [['passed', o.test_passed], ['failed', 1 - o.test_passed]], 'chart-test');
  if (o.successes) html += chart('Successes', o.successes, 'chart-successes');
  html += chart(arkham ? 'Stamina lost' : 'Health lost', o.health_lost, 'chart-health');
  html += chart('Sanity lost', o.sanity_lost, 'chart-sanity');
  html += chart('Monsters defeated', o.defeated.map((d) => [d.name, d.p]), 'chart-defeated');
  html += chart("The investigator's fate", Object.entries(o.status).sort((a, b) => b[1] - a[1]), 'chart-status');
  if (!arkham && o.defeated.length) html += chart('May encounter again', [['yes', o.may_encounter_again], ['no', 1 - o.may_encounter_again]], 'chart-again');
  if (o.text) html += `<details><summary>as <code>mythos odds</code> prints it</summary><pre>${escapeHtml(o.text)}</pre></details>`;
  if (o.best) html = bestHtml(o.best, arkham) + html;
  $('output').innerHTML = html;
  setStatus(`odds in ${ms.toFixed(0)} ms`, 'good');
}

// The best choice: the objective's value under the best play, then each decision with each option's
// value (the best marked) and a summary of its odds.
const OBJECTIVES = { defeat_all: 'every monster defeated', survive: 'the investigator survives', least_lost: 'least lost', pass: 'the test passes' };
const DECISIONS_SHOWN = 8;

function valueText(objective, v) {
  return objective === 'least_lost' ? `${(-v).toFixed(2)} lost on average` : pct(v);
}

function optionSummary(o, arkham) {
  const mean = (pairs) => pairs.reduce((m, [k, p]) => m + k * p, 0).toFixed(2);
  const parts = [`${arkham ? 'Stamina' : 'Health'} lost ${mean(o.health_lost)}`, `Sanity lost ${mean(o.sanity_lost)}`];
  for (const d of o.defeated) parts.push(`${escapeHtml(d.name)} defeated ${pct(d.p)}`);
  if (o.test_passed !== null && o.test_passed !== undefined) parts.push(`passed ${pct(o.test_passed)}`);
  const ok = o.status.ok;
  if (ok !== undefined) parts.push(`ok ${pct(ok)}`);
  return parts.join(' · ');
}

function decisionHtml(b, d, i, arkham) {
  const state = [`${arkham ? 'Stamina' : 'Health'} ${d.health}`, `Sanity ${d.sanity}`, `Clues ${d.clues}`];
  if (!arkham) state.push(`Focus ${d.focus}`);
  if (d.faces.length) state.push(`dice ${d.faces.join(' ')}`);
  // A chance is drawn on the 0–100% scale; under least_lost the bar is the amount lost on average
  // (the value is its negative), on the scale of the most any option loses: the shorter the better.
  const lost = d.options.map((c) => -c.value);
  const most = Math.max(...lost, 1e-12);
  const width = (v) => (b.objective === 'least_lost' ? Math.max(-v, 0) / most : Math.min(Math.max(v, 0), 1)) * 100;
  return `<div class="decision" data-decision="${i}"><h4>${escapeHtml(d.question)} <small>${escapeHtml(state.join(' · '))}</small></h4>${d.options.map((c, j) =>
    `<div class="option${j === d.best ? ' best' : ''}"><div class="bar"><span class="k">${escapeHtml(c.answer)}${j === d.best ? ' <b>best</b>' : ''}</span><span class="track"><span class="fill" style="display:block;width:${width(c.value).toFixed(2)}%"></span></span><span class="p">${escapeHtml(valueText(b.objective, c.value))}</span></div><div class="sum">${optionSummary(c.odds, arkham)}</div></div>`).join('')}</div>`;
}

function bestHtml(b, arkham) {
  const ds = b.decisions;
  // The default aim says so (as `mythos odds FILE`'s `policy:` line): which, and how to pick another.
  const aim = b.default ? `<p class="meta" id="policy">The default: the best play for ${escapeHtml(OBJECTIVES[b.objective] || b.objective)} (${b.objective === 'pass' ? 'a [test]' : 'a combat'}); ties go to less lost, then to spending less. Pick another aim in “best for”, or “fixed” for the scenario's [choices] with nothing else spent.</p>` : '';
  const head = `<div class="chart" id="best"><h3>Best choice for ${escapeHtml(OBJECTIVES[b.objective] || b.objective)}: ${escapeHtml(valueText(b.objective, b.value))}</h3>${aim}`;
  if (!ds.length) return `${head}<p class="meta">No decision in this encounter: the rules ask the player nothing.</p></div>`;
  const shown = ds.slice(0, DECISIONS_SHOWN).map((d, i) => decisionHtml(b, d, i, arkham)).join('');
  const rest = ds.length > DECISIONS_SHOWN ? `<details><summary>${ds.length - DECISIONS_SHOWN} more decisions</summary>${ds.slice(DECISIONS_SHOWN).map((d, i) => decisionHtml(b, d, i + DECISIONS_SHOWN, arkham)).join('')}</details>` : '';
  return `${head}<p class="meta">${ds.length} decision${ds.length === 1 ? '' : 's'} of the first round, each option's value under the best play after it; below, the odds under the best play.</p>${shown}${rest}</div>`;
}

// ---------------------------------------------------------------- actions

// How many progress calls and runs of the rules the exact odds of a scenario took, by a digest (FNV-1a)
// of the engine's build (the worker's digest of the module's bytes), the file name, the best-for aim and
// the text; the last 100 kept in localStorage.
let engineBuild = '';
function runsKey(path, body) {
  let h = 0x811c9dc5;
  for (const c of `${engineBuild}\n${path}\n${body}`) h = Math.imul(h ^ c.codePointAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}
function callsTable() {
  try { return JSON.parse(localStorage.getItem(STORE + 'calls') || '{}'); } catch (_) { return {}; }
}
function knownCalls(key) {
  const k = callsTable()[key];
  return k && k.calls > 0 && k.runs > 0 ? k : null;
}
function keepCalls(key, counts) {
  const t = callsTable();
  delete t[key];
  t[key] = counts;
  const keys = Object.keys(t);
  for (const k of keys.slice(0, Math.max(0, keys.length - 100))) delete t[k];
  try { localStorage.setItem(STORE + 'calls', JSON.stringify(t)); } catch (_) { /* storage full or off */ }
}

let busy = false;

function setBusy(b) {
  busy = b;
  for (const id of ['run', 'check', 'validate', 'odds', 'p-write-run']) $(id).disabled = b;
}

async function act(action, keep = true) {
  if (busy) return;
  lastAction = action;
  if (keep) save();
  const why = pastLimits(text.value);
  if (why) { showLimit(`Not played: the editor holds ${why}; ${LIMITS_TEXT}.`); return; }
  const t0 = performance.now();
  const args = { path: pathInput.value || 'scenario.toml', text: text.value };
  setBusy(true);
  setStatus(action === 'odds' ? 'computing the odds…' : `${action}…`);
  let timer = null;
  try {
    if (action === 'odds') {
      const samples = Math.max(0, Math.min(10000000, Math.floor(Number($('samples').value) || 0)));
      $('progress').hidden = false;
      $('bar').removeAttribute('value');
      const started = performance.now();
      // The exact odds' steady measure is the engine's progress calls (about one per 64 runs of the
      // rules); how many a scenario takes is kept when it runs to the end, so the next computation of
      // the same text by the same build draws its share of them, and the time left. The first time, the
      // bar draws the engine's own estimate (a pilot's sample of the states to explore).
      const key = runsKey(args.path, `${$('objective').value}\n${args.text}`);
      const known = knownCalls(key);
      // The last progress message, drawn again every 250 ms so the time goes on between messages.
      let last = null;
      const draw = () => {
        const secs = (performance.now() - started) / 1000;
        const bar = $('bar');
        if (!last) { $('progress-text').textContent = `${samples ? 'sampling' : 'enumerating every roll'} · ${secs.toFixed(1)} s`; return; }
        const pctOf = (p) => `${(p * 100).toFixed(p < 0.01 ? 2 : 1)}%`;
        const leftOf = (share) => {
          const left = share > 0 ? secs * (1 - share) / share : 0;
          return left >= 90 ? `about ${Math.round(left / 60)} min left` : `about ${Math.ceil(left)} s left`;
        };
        if (last.exact) {
          const runs = last.runs.toLocaleString('en');
          const pace = `${Math.round(last.runs / Math.max(secs, 0.1)).toLocaleString('en')} a second`;
          if (known) {
            const share = Math.min(last.calls / known.calls, 0.999);
            bar.value = share;
            $('progress-text').textContent = `every roll enumerated: about ${Math.round(share * known.runs).toLocaleString('en')} of ${known.runs.toLocaleString('en')} runs of the rules (${pctOf(share)}, as when it last ran to the end) · ${secs.toFixed(1)} s, ${leftOf(share)}`;
          } else if (last.progress >= 0.01) {
            // The engine's estimate: the share of a pilot's sample of the states it has explored.
            bar.value = last.progress;
            $('progress-text').textContent = `every roll enumerated: about ${runs} runs of the rules so far, ${pace}; about ${pctOf(last.progress)} done (estimated) · ${secs.toFixed(1)} s, ${leftOf(last.progress)}`;
          } else {
            // No estimate yet (the engine's first few hundred runs, or under 1%): the count and its pace.
            bar.removeAttribute('value');
            $('progress-text').textContent = `every roll enumerated: about ${runs} runs of the rules so far, ${pace} · ${secs.toFixed(1)} s`;
          }
        } else {
          bar.value = last.progress;
          $('progress-text').textContent = `${last.text} (${pctOf(last.progress)}) · ${secs.toFixed(1)} s, ${leftOf(last.progress)}`;
        }
      };
      const objective = samples ? '' : $('objective').value;
      const r = await call('odds', { ...args, samples, seed: 1, objective }, (m) => { last = m; draw(); }, true);
      if (r.out.progress_calls) keepCalls(key, { calls: r.out.progress_calls, runs: r.out.runs });
      showOdds(r.out, performance.now() - t0);
      perf.last = { action, engineMs: r.ms, wallMs: performance.now() - t0 };
    } else {
      const op = action === 'check' ? 'run' : action;
      const r = await call(op, args, null, true);
      const wall = performance.now() - t0;
      if (action === 'run') showRun(r.out, wall);
      else if (action === 'check') showCheck(r.out, wall);
      else showValidate(r.out, wall);
      perf.last = { action, engineMs: r.ms, wallMs: performance.now() - t0 };
    }
  } catch (e) {
    setStatus(e.message === 'cancelled' ? 'cancelled' : e.message, e.message === 'cancelled' ? '' : 'bad');
    perf.last = { action, error: e.message };
  } finally {
    clearInterval(timer);
    $('progress').hidden = true;
    current = null;
    setBusy(false);
  }
}

$('run').addEventListener('click', () => act('run'));
$('check').addEventListener('click', () => act('check'));
$('validate').addEventListener('click', () => act('validate'));
$('odds').addEventListener('click', () => act('odds'));
$('cancel').addEventListener('click', cancel);
$('samples').addEventListener('change', save);
$('objective').addEventListener('change', save);
pathInput.addEventListener('change', save);

document.addEventListener('keydown', (e) => {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key === 'Enter') { e.preventDefault(); act(e.shiftKey ? 'check' : 'run'); }
  else if (e.altKey && e.key === 'Enter') { e.preventDefault(); act('odds'); }
  else if (mod && (e.key === 's' || e.key === 'S')) { e.preventDefault(); act('validate'); }
  else if (e.key === 'Escape' && busy) { cancel(); }
});

// ---------------------------------------------------------------- card packs from the disk

function packScenarios() {
  return packs.flatMap((p) => p.files.filter(([f]) => f.startsWith(p.root + '/scenarios/') && f.endsWith('.toml')));
}

function packsLabel() {
  $('packs').textContent = packs.length ? `packs: ${packs.map((p) => p.root).join(', ')}` : '';
  const scenarios = packScenarios();
  if (scenarios.length) {
    const sel = document.createElement('select');
    sel.id = 'pack-scenarios';
    sel.setAttribute('aria-label', 'open a scenario of the loaded packs');
    sel.innerHTML = '<option value="">open one of its scenarios…</option>' + scenarios.map(([f]) => `<option value="${escapeHtml(f)}">${escapeHtml(f)}</option>`).join('');
    sel.onchange = () => {
      const hit = scenarios.find(([f]) => f === sel.value);
      if (!hit) return;
      text.value = hit[1];
      pathInput.value = hit[0];
      marks = { errors: [], lines: {} };
      drawEditor();
      save();
      sel.value = '';
      setStatus(`${hit[0]} opened: Run, Check, Validate or Odds it`);
    };
    $('packs').append(' ', sel);
  }
  if (packs.length) {
    const clear = document.createElement('button');
    clear.textContent = 'unload';
    clear.type = 'button';
    clear.onclick = () => setPacks([]);
    $('packs').append(' ', clear);
  }
}

async function setPacks(list) {
  packs = list;
  try { localStorage.setItem(STORE + 'packs', JSON.stringify(packs)); } catch (_) { /* too large: kept for this visit only */ }
  packsLabel();
  const r = await call('packs', { packs });
  cardCache.clear();
  await loadPicker();
  return r.out;
}

// The files of a .zip (stored or deflated entries; no ZIP64), as [path, bytes] pairs, read with the
// browser's own DecompressionStream.
async function unzip(buf) {
  const v = new DataView(buf);
  const u8 = new Uint8Array(buf);
  let eocd = -1;
  for (let i = buf.byteLength - 22; i >= Math.max(0, buf.byteLength - 22 - 65535); i--) {
    if (v.getUint32(i, true) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = v.getUint16(eocd + 10, true);
  let at = v.getUint32(eocd + 16, true);
  const out = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.byteLength || v.getUint32(at, true) !== 0x02014b50) throw new Error('a damaged zip file (central directory)');
    const method = v.getUint16(at + 10, true);
    const csize = v.getUint32(at + 20, true);
    const size = v.getUint32(at + 24, true);
    const nameLen = v.getUint16(at + 28, true);
    const extraLen = v.getUint16(at + 30, true);
    const commentLen = v.getUint16(at + 32, true);
    const local = v.getUint32(at + 42, true);
    const name = new TextDecoder().decode(u8.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/') || !/\.(toml|rhai)$/i.test(name) || size > 1 << 20) continue;
    if (csize === 0xffffffff || local === 0xffffffff) throw new Error('ZIP64 archives are not read: zip the pack folder without ZIP64');
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    const data = u8.subarray(start, start + csize);
    if (method === 0) out.push([name, data]);
    else if (method === 8) out.push([name, await pipe(data, new DecompressionStream('deflate-raw'))]);
    else throw new Error(`${name}: compression method ${method} is not read (only stored and deflated)`);
  }
  return out;
}

$('packzip').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  e.target.value = '';
  if (!file) return;
  try {
    const entries = await unzip(await file.arrayBuffer());
    let withText = entries.map(([p, b]) => [p, new TextDecoder().decode(b)]);
    // A zip of the folder's contents (pack.toml at its top): the folder is named after the zip.
    if (withText.some(([p]) => p === 'pack.toml')) {
      const root = file.name.replace(/\.zip$/i, '');
      withText = withText.map(([p, t]) => [`${root}/${p}`, t]);
    }
    await loadPackFiles(withText);
  } catch (err) {
    setStatus(`${file.name}: ${err.message}`, 'bad');
  }
});

$('packdir').addEventListener('change', async (e) => {
  const files = [...e.target.files].filter((f) => /\.(toml|rhai)$/i.test(f.name) && f.size <= 1 << 20);
  const withText = await Promise.all(files.map(async (f) => [f.webkitRelativePath || f.name, await f.text()]));
  e.target.value = '';
  await loadPackFiles(withText);
});

// Packs from [path, text] pairs: every folder holding a pack.toml is one.
async function loadPackFiles(withText) {
  const roots = withText.map(([p]) => p).filter((p) => /(^|\/)pack\.toml$/.test(p)).map((p) => p.replace(/\/?pack\.toml$/, ''));
  if (!roots.length) { setStatus('no pack.toml in that folder: a pack is a folder with pack.toml, cards/ and scripts/', 'bad'); return; }
  const loaded = roots.map((root) => ({ root, files: withText.filter(([p]) => p.startsWith(root + '/')) }));
  // A scenario in a pack's own scenarios/ folder names the pack `..`; the last folder loaded takes it.
  for (const p of [...packs, ...loaded]) p.aliases = [];
  if (loaded.length === 1) loaded[0].aliases = ['..'];
  const others = packs.filter((p) => !roots.includes(p.root));
  const problems = await setPacks([...others, ...loaded]);
  if (problems.length) {
    $('output').innerHTML = `<pre class="rendered">${escapeHtml(problems.map((d) => d.rendered).join('\n'))}</pre>`;
    $('problems').innerHTML = problems.map(diagHtml).join('');
    setStatus(`loaded ${roots.join(', ')}: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the packs`, 'bad');
  } else setStatus(`loaded ${roots.join(', ')} (${loaded.reduce((n, p) => n + p.files.length, 0)} files): its cards are in the picker; a scenario may also name it in \`packs\``, 'good');
}

// ---------------------------------------------------------------- the picker

const SKILLS = { eldritch: ['strength', 'will', 'lore', 'influence', 'observation'], arkham: ['fight', 'will', 'lore', 'speed', 'sneak', 'luck'] };
const POSSESSION_KINDS = ['asset', 'artifact', 'spell', 'ally', 'item', 'unique_item', 'skill', 'special'];
const cardCache = new Map();
let monsterOrder = [];

async function cardsOf(game) {
  if (!cardCache.has(game)) {
    const r = await call('cards', { game });
    cardCache.set(game, r.out.cards || []);
  }
  return cardCache.get(game);
}

function checklist(box, cards, checked, name) {
  box.innerHTML = cards.map((c) => `<label title="${escapeHtml(c.text || '')}" data-search="${escapeHtml((c.name + ' ' + c.id + ' ' + c.kind + ' ' + c.pack).toLowerCase())}"><input type="checkbox" name="${name}" value="${escapeHtml(c.id)}"${checked.has(c.id) ? ' checked' : ''}> <span>${escapeHtml(c.name)} <small>${escapeHtml(c.kind.replace('_', ' '))}${c.pack !== 'base' ? ' · ' + escapeHtml(c.pack) : ''}</small></span></label>`).join('');
}

function filterList(box, q) {
  q = q.trim().toLowerCase();
  for (const l of box.children) l.hidden = q && !l.dataset.search.includes(q);
}
$('p-poss-filter').addEventListener('input', (e) => filterList($('p-possessions'), e.target.value));
$('p-mon-filter').addEventListener('input', (e) => filterList($('p-monsters'), e.target.value));

async function loadPicker() {
  const game = $('p-game').value;
  const cards = await cardsOf(game);
  const inv = cards.filter((c) => c.kind === 'investigator');
  const keep = $('p-investigator').value;
  $('p-investigator').innerHTML = inv.map((c) => `<option value="${escapeHtml(c.id)}">${escapeHtml(c.name)}${c.pack !== 'base' ? ' (' + escapeHtml(c.pack) + ')' : ''}</option>`).join('');
  if (inv.some((c) => c.id === keep)) $('p-investigator').value = keep;
  $('p-skill').innerHTML = SKILLS[game].map((s) => `<option>${s}</option>`).join('');
  $('p-policy-label').textContent = game === 'arkham' ? 'Clues spent' : 'Rerolls';
  $('p-policy').querySelector('[value=max]').hidden = game === 'arkham';
  if (game === 'arkham' && $('p-policy').value === 'max') $('p-policy').value = 'until_pass';
  for (const el of document.querySelectorAll('.p-eh')) el.hidden = game === 'arkham';
  for (const el of document.querySelectorAll('.p-ah')) el.hidden = game !== 'arkham';
  checklist($('p-conditions'), cards.filter((c) => c.kind === 'condition'), new Set(), 'cond');
  checklist($('p-monsters'), cards.filter((c) => c.kind === 'monster'), new Set(), 'mon');
  monsterOrder = [];
  drawMonsterOrder();
  investigatorChanged();
}

function investigatorChanged() {
  const cards = cardCache.get($('p-game').value) || [];
  const inv = cards.find((c) => c.id === $('p-investigator').value);
  checklist($('p-possessions'), cards.filter((c) => POSSESSION_KINDS.includes(c.kind)), new Set(inv ? inv.possessions : []), 'poss');
  // AH2e: the skills are where the sliders stand; each pair's stops as the card prints them.
  $('p-sliders').innerHTML = (inv ? inv.sliders : []).map(([pair, stops]) => {
    const [a, b] = pair.split('_');
    return `<label>${escapeHtml(a)} / ${escapeHtml(b)} <select class="slider" data-pair="${escapeHtml(pair)}">${stops.map(([x, y], i) => `<option value="${i}">${escapeHtml(a)} ${x} / ${escapeHtml(b)} ${y}</option>`).join('')}</select></label>`;
  }).join('');
  filterList($('p-possessions'), $('p-poss-filter').value);
}

function drawMonsterOrder() {
  const cards = cardCache.get($('p-game').value) || [];
  $('p-monster-order').innerHTML = monsterOrder.map((id) => `<li>${escapeHtml((cards.find((c) => c.id === id) || { name: id }).name)}</li>`).join('');
}

$('p-monsters').addEventListener('change', (e) => {
  const id = e.target.value;
  monsterOrder = monsterOrder.filter((m) => m !== id);
  if (e.target.checked) monsterOrder.push(id);
  drawMonsterOrder();
});
$('p-game').addEventListener('change', () => loadPicker());
$('p-investigator').addEventListener('change', investigatorChanged);
function whatChanged() {
  const test = $('p-what').value === 'test';
  for (const el of document.querySelectorAll('.p-test')) el.hidden = !test;
  for (const el of document.querySelectorAll('.p-combat')) el.hidden = test;
}
$('p-what').addEventListener('change', whatChanged);
$('picker').addEventListener('toggle', () => { if ($('picker').open && !$('p-investigator').options.length) loadPicker(); });

const tomlStr = (s) => JSON.stringify(s);
const tomlList = (xs) => `[${xs.map(tomlStr).join(', ')}]`;

function pickedScenario() {
  const game = $('p-game').value;
  const cards = cardCache.get(game) || [];
  const invId = $('p-investigator').value;
  const inv = cards.find((c) => c.id === invId);
  const poss = [...document.querySelectorAll('#p-possessions input:checked')].map((i) => i.value);
  const conds = [...document.querySelectorAll('#p-conditions input:checked')].map((i) => i.value);
  const test = $('p-what').value === 'test';
  const names = monsterOrder.map((id) => (cards.find((c) => c.id === id) || { name: id }).name);
  const what = test ? `tests ${$('p-skill').value}` : (names.length ? `fights ${names.join(', ')}` : 'fights nothing');
  const lines = [`game = ${tomlStr(game)}`, `title = ${tomlStr(`${inv ? inv.name : 'An investigator'} ${what}`)}`, '', '[investigator]'];
  if (invId) lines.push(`card = ${tomlStr(invId)}`);
  for (const sel of document.querySelectorAll('#p-sliders select.slider')) {
    const [pair, stops] = (inv ? inv.sliders : []).find(([p]) => p === sel.dataset.pair) || [null, []];
    const stop = stops[Number(sel.value)];
    if (!pair || !stop || game !== 'arkham') continue;
    const [a, b] = pair.split('_');
    lines.push(`${a} = ${stop[0]}`, `${b} = ${stop[1]}`);
  }
  if (poss.length) lines.push(`possessions = ${tomlList(poss)}`);
  if (conds.length) lines.push(`conditions = ${tomlList(conds)}`);
  const clues = Number($('p-clues').value) || 0;
  if (clues) lines.push(`clues = ${clues}`);
  const focus = Number($('p-focus').value) || 0;
  if (focus && game === 'eldritch') lines.push(`focus = ${focus}`);
  lines.push('');
  if (test) {
    lines.push('[test]', `skill = ${tomlStr($('p-skill').value)}`);
    const mod = Number($('p-modifier').value) || 0;
    if (mod) lines.push(`modifier = ${mod}`);
    lines.push('');
  } else {
    for (const id of monsterOrder) lines.push('[[monsters]]', `card = ${tomlStr(id)}`, '');
  }
  lines.push('[dice]', `seed = ${Math.max(0, Math.floor(Number($('p-seed').value) || 0))}`, '');
  const policy = $('p-policy').value;
  if (policy !== 'none') lines.push('[choices]', `${game === 'arkham' ? 'clues' : 'rerolls'} = ${tomlStr(policy)}`, '');
  return lines.join('\n');
}

function writePicked() {
  if (!$('p-investigator').value) return false;
  text.value = pickedScenario();
  marks = { errors: [], lines: {} };
  drawEditor();
  save();
  return true;
}
$('p-write').addEventListener('click', () => { if (writePicked()) setStatus('scenario written to the editor: Run, Check, Validate or Odds it'); });
$('p-write-run').addEventListener('click', () => { if (writePicked()) act('run'); });

// ---------------------------------------------------------------- the rulings book

// Every ruling scenario of the test suite (tests/scenarios/, copied into rulings/ by web/build.sh with
// an index of each one's game, folder, title and source), listed by game and folder, searchable; each
// is a link, `#r=ID`, that opens it here and runs it (its transcript), so a ruling can be posted.
const GAMES = { eldritch: 'Eldritch Horror', arkham: 'Arkham Horror (2nd edition)' };
let book = null;

async function rulings() {
  if (!book) {
    book = fetch('rulings/index.json').then((r) => {
      if (!r.ok) throw new Error(`the rulings book could not be fetched: ${r.status}`);
      return r.json();
    });
    book.catch(() => { book = null; });
  }
  return book;
}

async function readRuling(id) {
  const index = await rulings();
  const r = index.rulings.find((x) => x.id === id);
  if (!r) throw new Error(`no ruling ${id} in the book`);
  const res = await fetch(`rulings/${r.id}.toml`);
  if (!res.ok) throw new Error(`ruling ${id} could not be fetched: ${res.status}`);
  const body = await res.text();
  const why = pastLimits(body);
  if (why) throw new LimitError(why);
  return { text: body, path: r.path, action: 'run', objective: null, ruling: id };
}

function groupLabel(r) {
  return `${GAMES[r.game] || r.game} · ${r.folder || 'general'}`;
}

async function drawBook() {
  if ($('book-list').dataset.drawn) return;
  let index;
  try { index = await rulings(); } catch (e) { $('book-count').textContent = e.message; return; }
  const groups = new Map();
  for (const r of index.rulings) {
    const g = groupLabel(r);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(r);
  }
  $('book-list').innerHTML = [...groups].map(([g, rs]) => `<section class="book-group"><h3>${escapeHtml(g)} <small>${rs.length}</small></h3><ul>${rs.map((r) =>
    `<li data-search="${escapeHtml(`${r.title} ${r.source} ${r.id}`.toLowerCase())}"><a href="#r=${escapeHtml(r.id)}" data-ruling="${escapeHtml(r.id)}">${escapeHtml(r.title)}</a><small class="src">${escapeHtml(r.source)}</small></li>`).join('')}</ul></section>`).join('');
  $('book-list').dataset.drawn = 'true';
  filterBook();
}

function filterBook() {
  const words = $('book-search').value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  let all = 0;
  for (const sec of $('book-list').children) {
    let n = 0;
    for (const li of sec.querySelectorAll('li')) {
      const hit = words.every((w) => li.dataset.search.includes(w));
      li.hidden = !hit;
      if (hit) n++;
      all++;
    }
    sec.hidden = n === 0;
    shown += n;
  }
  $('book-count').textContent = words.length ? `${plural(shown, 'ruling')} of ${all.toLocaleString('en')} match` : `${plural(all, 'ruling')}: each a link that opens it here with its transcript`;
}

$('book').addEventListener('toggle', () => { if ($('book').open) drawBook(); });
$('book-search').addEventListener('input', filterBook);

// ---------------------------------------------------------------- start

async function main() {
  try { packs = JSON.parse(localStorage.getItem(STORE + 'packs') || '[]'); } catch (_) { packs = []; }
  packsLabel();
  const hello = startWorker();
  let shared = null;
  let refused = null;
  const linkStart = performance.now();
  try { shared = await readFragment(); } catch (e) { refused = refusalOf(e); }
  perf.linkReadMs = performance.now() - linkStart;
  if (shared) {
    text.value = shared.text;
    pathInput.value = shared.path;
  } else {
    let saved = localStorage.getItem(STORE + 'text');
    const why = saved === null ? null : pastLimits(saved);
    if (why) {
      // Saved by an earlier version of the page, or by hand: not restored, and forgotten, so the next
      // visit opens at once.
      try { localStorage.removeItem(STORE + 'text'); } catch (_) { /* storage off */ }
      saved = null;
      refused = refused || `The text kept from your last visit was not restored: it holds ${why}; ${LIMITS_TEXT}.`;
    }
    text.value = saved ?? EXAMPLE;
    pathInput.value = localStorage.getItem(STORE + 'path') || 'scenario.toml';
  }
  if (refused) showLimit(refused);
  $('samples').value = localStorage.getItem(STORE + 'samples') || '0';
  $('objective').value = (shared && shared.objective !== null ? shared.objective : localStorage.getItem(STORE + 'objective')) || '';
  drawEditor();
  whatChanged();
  // The page opens on the picker, unless a link opened a scenario.
  $('picker').open = !shared;
  const { out } = await hello;
  engineBuild = out.build;
  $('version').textContent = `mythos ${out.version}, build ${out.build}.`;
  $('version').dataset.build = out.build;
  if (!refused) setStatus('ready: Ctrl+Enter runs the scenario');
  if ($('picker').open) await loadPicker();
  document.body.dataset.ready = 'true';
  if (shared && ['run', 'check', 'validate', 'odds'].includes(shared.action)) await act(shared.action);
  addEventListener('hashchange', openLink);
}

// A link followed on the open page (a ruling of the book, a shared link pasted into the address): its
// scenario replaces the editor's text, and its action runs.
async function openLink() {
  if (!location.hash) return;
  let shared = null;
  try { shared = await readFragment(); } catch (e) { showLimit(refusalOf(e)); return; }
  if (!shared) return;
  text.value = shared.text;
  pathInput.value = shared.path;
  if (shared.objective !== null) $('objective').value = shared.objective;
  marks = { errors: [], lines: {} };
  text.scrollTop = 0;
  drawEditor();
  $('picker').open = false;
  if (busy) cancel();
  if (['run', 'check', 'validate', 'odds'].includes(shared.action)) await act(shared.action, false);
  if (shared.ruling) $('status').textContent += ` · ruling ${shared.ruling}: the page's address is its link`;
}

function refusalOf(e) {
  return e instanceof LimitError
    ? `This link's scenario is too large to open: ${e.message}; ${LIMITS_TEXT}. It was not opened: the editor shows your own text.`
    : `the link holds no readable scenario${e && e.message ? ` (${e.message})` : ''}`;
}

main();

if ('serviceWorker' in navigator && location.protocol !== 'file:' && !location.search.includes('nosw')) {
  navigator.serviceWorker.register('sw.js').catch(() => { /* offline use is a bonus */ });
}
