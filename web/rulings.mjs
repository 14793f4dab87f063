// The rulings book's files (web/build.sh runs this): every scenario of tests/scenarios/ copied into
// dist/rulings/ under its path there, and dist/rulings/index.json listing each one's id (its path without
// `.toml`), game, folder, title and source, read from the file's top-level keys. The page lists them by
// game and folder and opens each at `#r=ID`. Needs node only, no package.
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';

const [, , from, to] = process.argv;
if (!from || !to) {
  console.error('usage: node rulings.mjs SCENARIOS_DIR OUT_DIR');
  process.exit(2);
}

// A top-level key's string value (before the first table), a TOML basic or literal string; null if absent.
function field(body, key) {
  const head = body.split(/^\s*\[/m)[0];
  const m = head.match(new RegExp(`^${key}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|'[^']*')`, 'm'));
  if (!m) return null;
  if (m[1].startsWith("'")) return m[1].slice(1, -1);
  try { return JSON.parse(m[1]); } catch { return m[1].slice(1, -1); }
}

const files = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) walk(join(dir, e.name));
    else if (e.name.endsWith('.toml')) files.push(join(dir, e.name));
  }
};
walk(from);

const rulings = [];
for (const f of files) {
  const rel = relative(from, f).split('\\').join('/');
  const id = rel.replace(/\.toml$/, '');
  const body = readFileSync(f, 'utf8');
  const parts = id.split('/');
  const game = field(body, 'game') || parts[0];
  // The folder under the game's (rules, cards, combat...); `odds` for tests/scenarios/odds/.
  const folder = ['eldritch', 'arkham'].includes(parts[0]) ? parts.slice(1, -1).join('/') : parts.slice(0, -1).join('/');
  rulings.push({ id, path: `tests/scenarios/${rel}`, game, folder, title: field(body, 'title') || id, source: field(body, 'source') || '' });
  mkdirSync(dirname(join(to, rel)), { recursive: true });
  writeFileSync(join(to, rel), body);
}
const order = { eldritch: 0, arkham: 1 };
rulings.sort((a, b) => (order[a.game] ?? 9) - (order[b.game] ?? 9) || a.folder.localeCompare(b.folder) || a.id.localeCompare(b.id));
writeFileSync(join(to, 'index.json'), JSON.stringify({ rulings }) + '\n');
console.log(`web/dist/rulings: ${rulings.length} rulings`);
