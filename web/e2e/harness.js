// The test harness: a static server for web/dist on 127.0.0.1 (a free port, started and stopped by each
// test file) and Debian's headless Chromium driven through playwright-core (never a browser download).
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
// MYTHOS_WEB_DIST serves another build (an older one, to measure a change against it).
export const DIST = process.env.MYTHOS_WEB_DIST || join(here, '..', 'dist');
export const SHOTS = join(here, 'screenshots');
export const REPO = join(here, '..', '..');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
};

export async function serve() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`no ${DIST}/index.html: run web/build.sh first`);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path.endsWith('/')) path += 'index.html';
    try {
      const body = await readFile(join(DIST, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

export async function launch() {
  await mkdir(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

// A fresh page (empty storage) on the playground, its engine ready; errors of the page fail the test.
export async function open(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  return page;
}

export async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

// Replaces the editor's text, as a paste would.
export async function setText(page, body) {
  await page.locator('#text').fill(body);
}

// The last action's timing, as the page measured it with performance.now.
export async function lastTiming(page) {
  return page.evaluate(() => window.__mythos.last);
}

// A .zip of the files under `dir` (deflated, paths relative to it), as a user's archiver writes one.
export async function zipFolder(dir) {
  const { readdir, readFile: read } = await import('node:fs/promises');
  const { deflateRawSync, crc32 } = await import('node:zlib');
  const files = [];
  const walk = async (d, rel) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name), `${rel}${e.name}/`);
      else files.push([`${rel}${e.name}`, await read(join(d, e.name))]);
    }
  };
  await walk(dir, '');
  const locals = [];
  const central = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBuf = Buffer.from(name);
    const body = deflateRawSync(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0); head.writeUInt16LE(20, 4); head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(data), 14); head.writeUInt32LE(body.length, 18); head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBuf.length, 26);
    const dirEntry = Buffer.alloc(46);
    dirEntry.writeUInt32LE(0x02014b50, 0); dirEntry.writeUInt16LE(20, 4); dirEntry.writeUInt16LE(20, 6);
    dirEntry.writeUInt16LE(8, 10); dirEntry.writeUInt32LE(crc32(data), 16); dirEntry.writeUInt32LE(body.length, 20);
    dirEntry.writeUInt32LE(data.length, 24); dirEntry.writeUInt16LE(nameBuf.length, 28); dirEntry.writeUInt32LE(offset, 42);
    locals.push(head, nameBuf, body);
    central.push(dirEntry, nameBuf);
    offset += 30 + nameBuf.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
