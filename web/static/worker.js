// The engine's thread: the WebAssembly module runs here, so a long computation never freezes the page,
// and Cancel is `worker.terminate()`. Each message {id, op, ...} gets one answer {id, ok, out, ms}, and
// odds also send {id, progress}: between chunks of samples, and as exact odds resolve the probability.
import init, * as m from './pkg/mythos_web.js';

const ready = init();

// Samples played between two progress messages.
const CHUNK = 2000;

function parse(s) { return JSON.parse(s); }

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

// The exact odds' progress: the share of the probability mass resolved, sent to the page at most every
// 100 ms (the engine reports it every few dozen runs of the rules). Cancel ends the worker, as for
// samples: while the engine runs, this thread reads no message.
function exactProgress(id) {
  let last = -Infinity;
  let pass = 1;
  let before = 0;
  return (done) => {
    if (done < before) pass += 1;
    before = done;
    const now = performance.now();
    if (now - last >= 100) {
      last = now;
      self.postMessage({ id, progress: done, exact: true, pass });
    }
    return true;
  };
}

function odds(id, { path, text, samples, seed }) {
  let job;
  try {
    job = new m.OddsJob(path, text);
  } catch (e) {
    return { diagnostics: parse(String(e)) };
  }
  try {
    if (samples > 0) return sampled(id, job, samples, seed);
    const exact = parse(job.exact_with_progress(exactProgress(id)));
    // Too large to enumerate (E0501): sample instead, as `mythos odds --samples` would.
    if (exact.diagnostics && exact.diagnostics.some(d => d.code === 'E0501')) {
      self.postMessage({ id, progress: 0, text: 'too large to enumerate: sampling 100,000 runs' });
      const out = sampled(id, job, 100000, seed);
      out.fallback = exact.diagnostics[0];
      return out;
    }
    return exact;
  } finally {
    job.free();
  }
}

self.onmessage = async (e) => {
  const { id, op } = e.data;
  try {
    await ready;
    const t0 = performance.now();
    let out;
    switch (op) {
      case 'hello': out = { version: m.version() }; break;
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
