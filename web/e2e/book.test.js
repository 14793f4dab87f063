// The page as a newcomer finds it (issue 40 item 5): it opens on the picker, and its rulings book lists
// every ruling scenario of tests/scenarios/ by game and folder with its rule (title) and source,
// searchable; each is a link that opens the scenario in the playground with its transcript.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { serve, launch, open, shot, REPO } from './harness.js';

let server;
let browser;

before(async () => {
  server = await serve();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Every .toml under tests/scenarios/, counted here from the disk, not from the page.
function scenarioFiles(dir = join(REPO, 'tests', 'scenarios')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? scenarioFiles(join(dir, e.name)) : e.name.endsWith('.toml') ? [join(dir, e.name)] : []));
}

test('a first visit opens on the picker, an investigator ready to choose, not on the editor', async () => {
  const page = await open(browser, server.url);
  assert.equal(await page.locator('#picker').evaluate((d) => d.open), true);
  assert.ok((await page.locator('#p-investigator option').count()) > 1);
  // The picker is the first thing under the header, in view without scrolling.
  const picker = await page.locator('#picker').boundingBox();
  const editor = await page.locator('#editor').boundingBox();
  assert.ok(picker.y < editor.y && picker.y < 200, `picker at ${picker.y}, editor at ${editor.y}`);
  await shot(page, 'book-0-first-visit');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the rulings book lists every ruling scenario with its rule and source, and a search narrows it', async () => {
  const files = scenarioFiles();
  const page = await open(browser, server.url);
  await page.locator('#book summary').click();
  await page.locator('#book-list li').first().waitFor();
  assert.equal(await page.locator('#book-list li').count(), files.length);
  assert.match(await page.locator('#book-count').innerText(), new RegExp(`^${files.length} rulings`));
  // One ruling as its file states it: its title is the link's text, its source under it.
  const file = join(REPO, 'tests/scenarios/eldritch/blessed_fours_are_successes.toml');
  const body = readFileSync(file, 'utf8');
  const title = JSON.parse(body.match(/^title = (".*")$/m)[1]);
  const source = JSON.parse(body.match(/^source = (".*")$/m)[1]);
  const item = page.locator('#book-list li', { has: page.locator('a[data-ruling="eldritch/blessed_fours_are_successes"]') });
  assert.equal(await item.locator('a').innerText(), title);
  assert.equal(await item.locator('.src').innerText(), source);
  assert.equal(await item.locator('xpath=ancestor::section/h3').innerText(), 'Eldritch Horror · general 1'.replace(' 1', ` ${files.filter((f) => /scenarios\/eldritch\/[^/]+$/.test(f)).length}`));
  // Search: every word in the rule, the source or the path; the count follows.
  await page.locator('#book-search').fill('blessed fours');
  const shown = await page.locator('#book-list li:not([hidden])').allInnerTexts();
  const expected = files.filter((f) => {
    const b = readFileSync(f, 'utf8');
    const hay = `${b.match(/^title = "(.*)"$/m)?.[1] ?? ''} ${b.match(/^source = "(.*)"$/m)?.[1] ?? ''} ${f}`.toLowerCase();
    return hay.includes('blessed') && hay.includes('fours');
  }).length;
  assert.ok(expected >= 1);
  assert.equal(shown.length, expected);
  assert.match(await page.locator('#book-count').innerText(), new RegExp(`^${expected} ruling`));
  await shot(page, 'book-1-search');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a ruling is a link: clicked in the book or opened cold, it shows the scenario and its transcript', async () => {
  const page = await open(browser, server.url);
  await page.locator('#book summary').click();
  await page.locator('#book-search').fill('blessed fours');
  await page.locator('a[data-ruling="eldritch/blessed_fours_are_successes"]').click();
  await page.waitForFunction(() => location.hash === '#r=eldritch/blessed_fours_are_successes');
  const transcript = page.locator('#transcript');
  await transcript.waitFor();
  const file = readFileSync(join(REPO, 'tests/scenarios/eldritch/blessed_fours_are_successes.toml'), 'utf8');
  assert.equal(await page.locator('#text').inputValue(), file);
  assert.equal(await page.locator('#path').inputValue(), 'tests/scenarios/eldritch/blessed_fours_are_successes.toml');
  // The transcript is the one the test suite holds for this scenario (its insta snapshot, after the header).
  const snap = readFileSync(join(REPO, 'tests/snapshots/scenarios__transcripts@eldritch__blessed_fours_are_successes.toml.snap'), 'utf8').split(/^---$/m).pop().trim();
  assert.equal((await transcript.innerText()).trim(), snap);
  assert.match(await page.locator('#status').innerText(), /all \d+ \[expect\] lines hold · ruling eldritch\/blessed_fours_are_successes/);
  await shot(page, 'book-2-ruling');
  const link = page.url();
  await page.context().close();

  // The link opened cold, in a new browser context: the same transcript, the picker closed.
  const other = await open(browser, link);
  await other.locator('#transcript').waitFor();
  assert.equal((await other.locator('#transcript').innerText()).trim(), snap);
  assert.equal(await other.locator('#picker').evaluate((d) => d.open), false);
  assert.deepEqual(other.errors, []);
  await other.context().close();
});
