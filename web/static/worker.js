// The engine's thread: the WebAssembly module runs here, so a long computation never freezes the page.
// Each message {id, op, ...} gets one answer {id, ok, out, ms}, and odds also send {id, progress}: between
// chunks of samples, and as exact odds go on. While the engine computes, this thread reads no message, so
// Cancel reaches odds through a shared flag (where the page is cross-origin isolated, see sw.js): the page
// writes the id of the odds to stop, the exact odds' progress callback and the loop over sampled chunks
// read it, and the odds end at once with `{cancelled: true}` (exact odds through their callback's `false`,
// E0503), the module and what it keeps still here. Elsewhere Cancel ends this worker.
import init, * as m from './pkg/mythos_web.js';

// The module's bytes, fetched here (from the service worker's cache when offline) so that their digest
// names this build: the page keys what it learnt of a scenario's exact odds on it, so an engine change,
// even one under the same version number, never reuses another build's counts.
const bytes = fetch(new URL('./pkg/mythos_web_bg.wasm', import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`the module could not be fetched: ${r.status}`);
  return r.arrayBuffer();
});
const ready = bytes.then((b) => init({ module_or_path: b }));

// SHA-256 of the module, its first 16 hex digits (FNV-1a where the page is not a secure context and
// has no crypto.subtle).
async function buildId(b) {
  if (self.crypto && crypto.subtle) {
    const d = new Uint8Array(await crypto.subtle.digest('SHA-256', b));
    return Array.from(d.slice(0, 8), (x) => x.toString(16).padStart(2, '0')).join('');
  }
  let h = 0x811c9dc5;
  for (const x of new Uint8Array(b)) h = Math.imul(h ^ x, 0x01000193) >>> 0;
  return `fnv${h.toString(16)}`;
}
const build = bytes.then(buildId);

// Samples played between two progress messages.
const CHUNK = 2000;

function parse(s) { return JSON.parse(s); }

// The shared cancel flag (an Int32Array over a SharedArrayBuffer, from the page), or null.
let flag = null;
const cancelled = (id) => flag !== null && Atomics.load(flag, 0) === id;

// Sums sampled chunks: each distribution weighted by its chunk's share of the runs.
function addPairs(acc, pairs, w) {
  for (const [k, p] of pairs) acc.set(k, (acc.get(k) || 0) + p * w);
}

function combine(parts) {
  const runs = parts.reduce((n, p) => n + p.runs, 0);
  const out = { ...parts[0], runs, unresolved: 0, may_encounter_again: 0, text: null };
  const maps = { health_lost: new Map(), sanity_lost: new Map(), successes: new Map() };
  const status = {};
  const defeated = parts[0].defeated.map(d => ({ ...d, p: 0 }));
  let passed = 0;
  for (const p of parts) {
    const w = p.runs / runs;
    out.unresolved += p.unresolved * w;
    out.may_encounter_again += p.may_encounter_again * w;
    addPairs(maps.health_lost, p.health_lost, w);
    addPairs(maps.sanity_lost, p.sanity_lost, w);
    if (p.successes) addPairs(maps.successes, p.successes, w);
    for (const [k, v] of Object.entries(p.status)) status[k] = (status[k] || 0) + v * w;
    p.defeated.forEach((d, i) => { defeated[i].p += d.p * w; });
    if (p.test_passed !== null) passed += p.test_passed * w;
  }
  const sorted = mp => [...mp.entries()].sort((a, b) => a[0] - b[0]);
  out.health_lost = sorted(maps.health_lost);
  out.sanity_lost = sorted(maps.sanity_lost);
  out.successes = parts[0].successes ? sorted(maps.successes) : null;
  out.status = status;
  out.defeated = defeated;
  out.test_passed = parts[0].test_passed === null ? null : passed;
  return out;
}

function sampled(id, job, samples, seed) {
  const parts = [];
  let done = 0;
  while (done < samples) {
    if (cancelled(id)) return { cancelled: true };
    const n = Math.min(CHUNK, samples - done);
    const o = parse(job.sampled(n, seed + done));
    if (o.diagnostics) return o;
    parts.push(o);
    done += n;
    self.postMessage({ id, progress: done / samples, text: `${done.toLocaleString('en')} of ${samples.toLocaleString('en')} samples` });
  }
  const out = combine(parts);
  out.seed = seed;
  return out;
}

// The exact odds' progress: the engine calls back at its first run of the rules, about every 64 runs
// after (RUNS_PER_CALL; its probe and pilot runs are not counted) and once at the end, with its
// estimate of the share of the work done (`Scenario::exact_odds_with_progress`: 0 for its first 2,048
// runs, then the share of a pilot's sample of the states it has finished; never going back). The
// page is told the calls so far too, a count that grows with the work at a steady pace and, for the
// same scenario, reaches the same total every time. At most one message per 100 ms; the callback's
// `false` (the page's flag set to this id) stops the engine with E0503.
const RUNS_PER_CALL = 64;

function exactProgress(id, counted) {
  let last = -Infinity;
  return (done) => {
    counted.calls += 1;
    const now = performance.now();
    if (now - last >= 100 && done < 1) {
      last = now;
      self.postMessage({ id, progress: done, exact: true, calls: counted.calls, runs: (counted.calls - 1) * RUNS_PER_CALL + 1 });
    }
    return !cancelled(id);
  };
}

function odds(id, { path, text, samples, seed, objective }) {
  let job;
  try {
    job = new m.OddsJob(path, text);
  } catch (e) {
    return { diagnostics: parse(String(e)) };
  }
  try {
    if (samples > 0) return sampled(id, job, samples, seed);
    const counted = { calls: 0 };
    if (!objective) {
      // The default, as `mythos odds FILE`: the best play for the scenario's default objective
      // (`pass` on a [test], `defeat_all` on a combat), unless its [choices] pin a fixed policy.
      const d = parse(job.default_with_progress(exactProgress(id, counted)));
      if (d.diagnostics && d.diagnostics.some(x => x.code === 'E0503')) return { cancelled: true };
      if (d.kind === 'best') {
        return { ...d.odds, best: { objective: d.objective, value: d.value, decisions: d.decisions, default: true }, progress_calls: counted.calls - 1 };
      }
      if (d.kind === 'fixed') return { ...d, progress_calls: counted.calls - 1 };
      // The best play refused on a budget (E0501): the fixed policy below, and the page says so.
      if (!d.diagnostics.some(x => x.code === 'E0501')) return d;
      self.postMessage({ id, progress: 0, text: 'the best play is too large to search: the fixed policy' });
      const out = fixed(id, job, seed, { calls: 0 });
      if (!out.cancelled) out.best_refused = d.diagnostics[0];
      return out;
    }
    if (objective !== 'fixed') {
      // The best choice: exact odds under the best play, and each decision's options.
      const b = parse(job.best_with_progress(objective, exactProgress(id, counted)));
      if (b.diagnostics) return b.diagnostics.some(d => d.code === 'E0503') ? { cancelled: true } : b;
      return { ...b.odds, best: { objective: b.objective, value: b.value, decisions: b.decisions }, progress_calls: counted.calls - 1 };
    }
    return fixed(id, job, seed, counted);
  } finally {
    job.free();
  }
}

// The fixed policy (`mythos odds --fixed`): the scenario's [choices], a question they do not answer
// taking its first option; sampled when too large to enumerate.
function fixed(id, job, seed, counted) {
  const exact = parse(job.exact_with_progress(exactProgress(id, counted)));
  if (exact.diagnostics && exact.diagnostics.some(d => d.code === 'E0503')) return { cancelled: true };
  // The call at the end is not one of the calls the runs pace.
  exact.progress_calls = counted.calls - 1;
  // Too large to enumerate (E0501): sample instead, as `mythos odds --samples` would.
  if (exact.diagnostics && exact.diagnostics.some(d => d.code === 'E0501')) {
    self.postMessage({ id, progress: 0, text: 'too large to enumerate: sampling 100,000 runs' });
    const out = sampled(id, job, 100000, seed);
    if (out.cancelled) return out;
    out.fallback = exact.diagnostics[0];
    return out;
  }
  return exact;
}

self.onmessage = async (e) => {
  const { id, op } = e.data;
  try {
    await ready;
    const t0 = performance.now();
    let out;
    switch (op) {
      case 'hello':
        flag = e.data.flag ? new Int32Array(e.data.flag) : null;
        out = { version: m.version(), build: await build, flag: flag !== null };
        break;
      case 'packs': out = parse(m.set_packs(JSON.stringify(e.data.packs))); break;
      case 'cards': out = parse(m.cards(e.data.game)); break;
      case 'run': out = parse(m.run(e.data.path, e.data.text)); break;
      case 'validate': out = parse(m.validate(e.data.path, e.data.text)); break;
      case 'odds': out = odds(id, e.data); break;
      default: throw new Error(`no such operation ${op}`);
    }
    self.postMessage({ id, ok: true, out, ms: performance.now() - t0 });
  } catch (err) {
    let panic = null;
    try { panic = m.last_panic(); } catch (_) { /* the module is gone */ }
    self.postMessage({ id, ok: false, error: String(err && err.message || err), panic, fatal: true });
  }
};
