// carca serve's page in a real browser (Debian's Chromium, headless),
// driven by playwright-core. Run by .ci/run after `cargo build`:
//   cd tests/browser && npm ci && npm test
// CARCA_BIN names the binary (default: target/debug/carca), CHROMIUM the
// browser (default: /usr/bin/chromium). With CARCA_SCREENSHOTS=DIR the
// main views are saved there as PNG (docs/serve/ keeps them).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CARCA = process.env.CARCA_BIN || join(ROOT, 'target', 'debug', 'carca');
const BROWSER = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.CARCA_SCREENSHOTS;
const fixture = (p) => join(ROOT, 'fixtures', p);

let browser;
const servers = [];
// Every request any page makes, to check that none leaves this machine.
const requested = [];
// Every file a page asked for and did not get (a GET answered 4xx or 5xx).
const missing = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: BROWSER,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.kill();
});

// Starts `carca serve` on a free port; resolves with its address, which it
// prints on its first line.
function serve(...args) {
  const child = spawn(CARCA, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n');
      if (line.length > 1) ok(line[0].trim());
    });
    child.on('exit', (code) => fail(new Error(`carca serve exited with ${code}`)));
  });
}

async function open(url, viewport = { width: 1400, height: 950 }, touch = false) {
  const page = await browser.newPage({ viewport, hasTouch: touch, isMobile: touch });
  page.on('request', (r) => requested.push(r.url()));
  page.on('response', (r) => {
    if (r.request().method() === 'GET' && r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  await idle(page);
  return page;
}

// The page says when what it shows is up to date.
async function idle(page) {
  await page.waitForSelector('body[data-state=idle]');
}

async function totals(page) {
  const out = {};
  for (const e of await page.locator('[data-total-player]').all()) {
    out[await e.getAttribute('data-total-player')] = Number(await e.textContent());
  }
  return out;
}

function carcaScore(file, rules) {
  const args = ['score', file, '--format', 'json'];
  if (rules) args.push('--rules', rules);
  let text;
  try {
    text = execFileSync(CARCA, args, { encoding: 'utf8' });
  } catch (e) {
    text = e.stdout; // rule violations exit 1, and still print the verdict
  }
  return JSON.parse(text);
}

/**
 * Scores the record the page wrote and the same game written by hand
 * (`lines`), saved in `dir` under `name`: both must say the same, with no
 * finding. Returns the verdict on the page's record.
 * @param {import('playwright-core').Page} page
 * @param {string} dir
 * @param {string} name
 * @param {string[]} lines
 */
async function scoresAsWrittenByHand(page, dir, name, lines) {
  const clicked = join(dir, `${name}-clicked.yaml`);
  writeFileSync(clicked, await page.inputValue('[data-record]'));
  const byHand = join(dir, `${name}-by-hand.yaml`);
  writeFileSync(byHand, [...lines, ''].join('\n'));
  const a = carcaScore(clicked); const b = carcaScore(byHand);
  assert.deepEqual(a.diagnostics, []);
  assert.deepEqual(a.notes, b.notes);
  assert.deepEqual(a.totals, b.totals);
  return a;
}

async function click(page, selector) {
  await page.click(selector);
  await idle(page);
}

const square = (x, y) => `#board [data-x="${x}"][data-y="${y}"]`;

async function shot(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name + '.png'), fullPage: true });
}

test('a fixture opened in the page has the totals carca score gives, under every ruleset', async () => {
  // With the figures, goods and final round of every expansion the page
  // may show: big followers, builders, pigs, goods, the abbey's round.
  for (const file of ['records/three-farm-editions.yaml', 'records/full-game-72.yaml', 'illegal/claim-mismatch.yaml',
    'records/ic-big-follower.yaml', 'records/tb-builder.yaml', 'records/tb-pig.yaml', 'records/tb-goods.yaml',
    'records/abbey-final-round.yaml', 'records/tb-with-inns-cathedrals.yaml']) {
    const url = await serve(fixture(file));
    const page = await open(url);
    const expected = carcaScore(fixture(file)).totals;
    assert.deepEqual(await totals(page), expected, file);
    if (file.startsWith('records/three')) {
      for (const rules of ['first-edition', 'second-edition']) {
        await page.selectOption('[data-rules]', rules);
        await idle(page);
        assert.deepEqual(await totals(page), carcaScore(fixture(file), rules).totals, `${file} under ${rules}`);
      }
    }
    if (file.includes('full-game')) await shot(page, 'full-game');
    await page.close();
  }
});

test('a board built by clicking scores as the same record written by hand', async () => {
  const url = await serve();
  const page = await open(url);
  // red: E north of the start tile, a knight in its city.
  await click(page, '[data-palette-tile="E"]');
  await click(page, square(0, 1));
  await click(page, `${square(0, 1)} [data-spot="S"]`);
  // blue: U east of it, a thief on the road.
  await click(page, '[data-palette-tile="U"]');
  await click(page, square(1, 0));
  await click(page, `${square(1, 0)} [data-spot="E"]`);
  assert.equal(await page.getAttribute(square(0, 1), 'data-tile'), 'E');
  assert.equal(await page.getAttribute(square(0, 1), 'data-rot'), '180');
  assert.equal(await page.getAttribute(square(1, 0), 'data-tile'), 'U');
  await shot(page, 'built-by-clicking');

  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const clicked = join(dir, 'clicked.yaml');
  writeFileSync(clicked, await page.inputValue('[data-record]'));
  const byHand = join(dir, 'by-hand.yaml');
  writeFileSync(byHand, [
    'players: [red, blue]',
    'turns:',
    '  - { tile: E, at: [0, 1], rot: 180, meeple: S }',
    '  - { tile: U, at: [1, 0], meeple: E }',
    '',
  ].join('\n'));
  const a = carcaScore(clicked), b = carcaScore(byHand);
  assert.deepEqual(a.totals, b.totals);
  assert.deepEqual(a.events, b.events);
  assert.deepEqual(a.preview, b.preview);
  assert.deepEqual(a.diagnostics, []);
  assert.deepEqual(await totals(page), b.totals);
  await page.close();
});

test('the farm dispute rebuilt by clicking gets carca score\'s verdict, and pointing at the farm outlines it', async () => {
  const url = await serve();
  const page = await open(url);
  await page.selectOption('#mode', 'snapshot');
  await idle(page);
  for (const [id, x, y] of [['G', 0, 1], ['E', 0, 2], ['B', 1, 1], ['B', -1, 1]]) {
    await click(page, `[data-palette-tile="${id}"]`);
    await click(page, square(x, y));
  }
  // Farmers: red west of the city, blue beyond it, red to the east; each
  // on the field spot of its tile furthest west or east.
  for (const [player, x, y, side] of [['red', 0, 1, 'west'], ['blue', -1, 1, 'east'], ['red', 1, 1, 'west']]) {
    await page.selectOption('#who', player);
    await idle(page);
    if (!(await page.locator(`${square(x, y)} [data-spot]`).count())) await click(page, square(x, y));
    const fields = await page.locator(`${square(x, y)} [data-spot][data-kind=field]`).evaluateAll(
      (els) => els.map((e) => [e.dataset.spot, parseFloat(e.style.left)]));
    fields.sort((a, b) => a[1] - b[1]);
    const spot = (side === 'west' ? fields[0] : fields[fields.length - 1])[0];
    await click(page, `${square(x, y)} [data-spot="${spot}"]`);
  }
  const expected = carcaScore(fixture('records/three-farm-editions.yaml'));
  assert.deepEqual(await totals(page), expected.totals);
  await page.hover('#events li:has-text("farm at (0,1) WSW")');
  const outlined = await page.locator('#board .sq.outlined').evaluateAll((els) => els.map((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
  const event = expected.events.find((e) => e.feature.name === 'farm at (0,1) WSW');
  assert.deepEqual(new Set(outlined.map(String)), new Set(event.feature.tiles.map(String)));
  assert.match(await page.textContent('#feature-info'), /farm at \(0,1\) WSW/);
  await shot(page, 'farm-outlined');
  await page.close();
});

test('the spot dots of a tile never overlap and stay inside it, on a phone and a desktop, for every tile of every shipped set', async () => {
  const sets = ['base', 'river', 'abbey', 'inns-cathedrals', 'traders-builders', 'abbey-mayor', 'tower', 'princess-dragon'];
  const head = ['players: [red]', `tilesets: [${sets.join(', ')}]`];
  // The most crowded tiles, and those whose features cross or end in the
  // middle (a cloister at a road's end, bridges, an abbey at a crossing).
  const crowded = ['A', 'X', 'L', 'TB24', 'AM02', 'AM05', 'AM12', 'TW08', 'IC02', 'PD06'];
  const at = (i) => [2 * (i % 12), -2 * Math.floor(i / 12)];
  for (const viewport of [{ width: 390, height: 844 }, { width: 1400, height: 950 }]) {
    const url = await serve();
    const page = await open(url, viewport, viewport.width < 500);
    const where = `${viewport.width}px`;
    // On the crowded tiles, the dots as drawn: apart, inside the tile,
    // big enough for a finger.
    await page.fill('[data-record]', [...head, 'board:', ...crowded.map((t, i) => `  - { tile: ${t}, at: [${at(i)}] }`), ''].join('\n'));
    await idle(page);
    // The largest share of its tile's side a dot takes.
    let ratio = 0;
    for (const [i, t] of crowded.entries()) {
      const sq = square(...at(i));
      await page.locator(sq).scrollIntoViewIfNeeded();
      await click(page, sq);
      const { dots, box } = await page.locator(sq).evaluate((el) => ({
        box: el.getBoundingClientRect().toJSON(),
        dots: [...el.querySelectorAll('.spot')].map((d) => [d.dataset.spot, d.getBoundingClientRect().toJSON()]),
      }));
      assert.ok(dots.length >= 2, `${t}: ${dots.length} spots offered`);
      for (const [k, [a, ra]] of dots.entries()) {
        const inside = ra.left >= box.left - 0.5 && ra.right <= box.right + 0.5 && ra.top >= box.top - 0.5 && ra.bottom <= box.bottom + 0.5;
        assert.ok(inside, `${t} at ${where}: the dot ${a} leaves its tile`);
        assert.ok(ra.width >= 20, `${t} at ${where}: a dot of ${ra.width}px`);
        ratio = Math.max(ratio, ra.width / box.width);
        for (const [b, rb] of dots.slice(k + 1)) {
          const apart = Math.hypot(ra.x + ra.width / 2 - rb.x - rb.width / 2, ra.y + ra.height / 2 - rb.y - rb.height / 2);
          assert.ok(apart >= (ra.width + rb.width) / 2 - 0.5, `${t} at ${where}: the dots ${a} and ${b} overlap (${apart.toFixed(1)}px apart)`);
        }
      }
      if (t === 'AM05' && viewport.width < 500) await shot(page, 'spots-on-a-phone');
      await page.keyboard.press('Escape');
      await idle(page);
    }
    assert.ok(ratio > 0.1, `dots of ${ratio} of a tile`);
    // Every tile of every set at every rotation, by the spots the page is
    // given and the size it draws a dot (a share of its tile's side).
    const tiles = await page.locator('[data-palette-tile]').evaluateAll((els) => els.map((e) => e.dataset.paletteTile));
    assert.ok(tiles.length > 100, `${tiles.length} tiles offered`);
    const board = tiles.flatMap((t, i) => [0, 90, 180, 270].map((rot, r) => `  - { tile: ${t}, at: [${at(4 * i + r)}], rot: ${rot} }`));
    const view = await page.evaluate(async (text) => (await fetch('/api/position', { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } })).json(),
      [...head, 'board:', ...board, ''].join('\n'));
    assert.equal(view.tiles.length, 4 * tiles.length);
    for (const tile of view.tiles) {
      const name = `${tile.tile} rot ${tile.rot} at ${where}`;
      for (const [k, a] of tile.spots.entries()) {
        const [x, y] = a.point;
        assert.ok(x >= ratio / 2 && y >= ratio / 2 && x <= 1 - ratio / 2 && y <= 1 - ratio / 2, `${name}: the dot ${a.location} leaves its tile`);
        for (const b of tile.spots.slice(k + 1)) {
          const apart = Math.hypot(x - b.point[0], y - b.point[1]);
          assert.ok(apart >= ratio - 0.002, `${name}: the dots ${a.location} and ${b.location} overlap`);
        }
      }
    }
    await page.close();
  }
});

test('an illegal placement is made, and shows its diagnostic at the tile', async () => {
  const url = await serve();
  const page = await open(url);
  await click(page, '[data-palette-tile="E"]');
  await click(page, square(1, 0)); // a city edge against the start tile's road
  const code = 'carca::rules::edge_mismatch';
  assert.equal(await page.getAttribute(square(1, 0), 'data-tile'), 'E');
  assert.match(await page.getAttribute(square(1, 0), 'data-diagnostic'), /edge_mismatch/);
  assert.ok(await page.locator(`#diagnostics [data-diagnostic="${code}"]`).count() > 0);
  await shot(page, 'illegal-placement');
  await page.close();
});

test('editing the YAML moves the board', async () => {
  const url = await serve();
  const page = await open(url);
  const record = (x) => `players: [red, blue]\nturns:\n  - { tile: V, at: [${x}, 0], rot: 90 }\n`;
  await page.fill('[data-record]', record(1));
  await idle(page);
  assert.equal(await page.getAttribute(square(1, 0), 'data-tile'), 'V');
  await page.fill('[data-record]', record(-1));
  await idle(page);
  assert.equal(await page.getAttribute(square(-1, 0), 'data-tile'), 'V');
  assert.equal(await page.locator(square(1, 0) + '[data-tile]').count(), 0);
  // A record that cannot be read is reported, and the board stays.
  await page.fill('[data-record]', 'players: [red\n');
  await idle(page);
  assert.ok(await page.locator('#diagnostics [data-diagnostic="carca::record::yaml"]').count() > 0);
  assert.equal(await page.getAttribute(square(-1, 0), 'data-tile'), 'V');
  await page.close();
});

test('the board is played by keyboard alone, and fits a phone', async () => {
  const url = await serve();
  const page = await open(url, { width: 390, height: 844 });
  await page.focus('[data-palette-tile="E"]');
  await page.keyboard.press('Enter');
  await idle(page);
  await page.focus(square(0, 0));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await idle(page);
  assert.equal(await page.getAttribute(square(0, 1), 'data-tile'), 'E');
  await page.keyboard.press('r');
  await idle(page);
  assert.equal(await page.getAttribute(square(0, 1), 'data-rot'), '270');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide on a 390px screen`);
  // One-handed at the table: the board, the totals and the tiles to place
  // are on the first screen, without scrolling the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const part of ['#board-wrap', '#totals [data-total-player]', '[data-palette-tile="E"]']) {
    const box = await page.locator(part).first().boundingBox();
    assert.ok(box && box.y + box.height <= 844, `${part} is below the first screen: ${JSON.stringify(box)}`);
  }
  await shot(page, 'phone');
  await page.close();
});

test('on a phone the turns are stepped through with the board in sight', async () => {
  const url = await serve(fixture('records/full-game-72.yaml'));
  const page = await open(url, { width: 390, height: 844 }, true);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const part of ['#board-wrap', '#back', '#forward', '#last']) {
    const box = await page.locator(part).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `${part} is off the first screen: ${JSON.stringify(box)}`);
  }
  // The controls cover nothing of the board, the totals or the tiles to place.
  const back = await page.locator('#back').boundingBox();
  for (const part of ['#board-wrap', '#totals', '#palette']) {
    const box = await page.locator(part).boundingBox();
    assert.ok(box && back && box.y + box.height <= back.y, `${part} ${JSON.stringify(box)} under ${JSON.stringify(back)}`);
  }
  await page.tap('#back');
  await idle(page);
  assert.match(await page.textContent('#hint'), /after turn 70/);
  await page.close();
});

test('on a touch screen the hints speak of taps and buttons, never of keys', async () => {
  const url = await serve();
  const page = await open(url, { width: 390, height: 844 }, true);
  await page.tap('[data-palette-tile="E"]');
  await idle(page);
  let hint = await page.textContent('#hint');
  assert.match(hint, /tap a blue square \(⟳ Rotate turns it\)/, hint);
  await page.tap(square(0, 1));
  await idle(page);
  hint = await page.textContent('#hint');
  assert.match(hint, /^Tap a dot/, hint);
  assert.doesNotMatch(hint, /Delete|\bR turns|[Cc]lick/, hint);
  await page.close();
  // With a mouse, the keys are named.
  const desk = await open(url);
  await desk.click('[data-palette-tile="E"]');
  await idle(desk);
  assert.match(await desk.textContent('#hint'), /\(R turns it\)/);
  await desk.close();
});

test('history: step through, undo, delete, reorder, discard', async () => {
  const url = await serve(fixture('records/full-game-72.yaml'));
  const page = await open(url);
  const placed = () => page.locator('#board [data-tile]').count();
  const turns = () => page.locator('#turns li').count();
  assert.equal(await placed(), 72);
  const whole = carcaScore(fixture('records/full-game-72.yaml')).totals;
  assert.deepEqual(await totals(page), whole);
  // The totals follow the turn shown: nothing has scored before the
  // first turn, and at the end the whole game's totals are back.
  await click(page, '#first');
  assert.equal(await placed(), 1);
  const start = await totals(page);
  assert.ok(Object.values(start).every((n) => n === 0), JSON.stringify(start));
  assert.match(await page.textContent('#hint'), /totals and the breakdown after turn 0/);
  await click(page, '#forward');
  await click(page, '#forward');
  assert.equal(await placed(), 3);
  await click(page, '#back');
  assert.equal(await placed(), 2);
  await click(page, '#last');
  assert.equal(await placed(), 72);
  assert.deepEqual(await totals(page), whole);
  assert.equal(await turns(), 71);

  // Declared over: unfinished features score now.
  assert.equal(await page.isChecked('#final'), false);
  await click(page, '#undo');
  assert.equal(await turns(), 70);
  const before = await totals(page);
  await click(page, '#final');
  assert.match(await page.inputValue('[data-record]'), /^final: true$/m);
  assert.notDeepEqual(await totals(page), before);
  await click(page, '#final');
  assert.doesNotMatch(await page.inputValue('[data-record]'), /^final:/m);
  assert.equal(await placed(), 71);
  const first = await page.textContent('#turns li[data-turn="1"] span');
  const second = await page.textContent('#turns li[data-turn="2"] span');
  await click(page, '#turns li[data-turn="2"] button[aria-label="Move turn 2 up"]');
  assert.equal(await page.textContent('#turns li[data-turn="1"] span'), second);
  assert.equal(await page.textContent('#turns li[data-turn="2"] span'), first);
  await click(page, '#turns li[data-turn="70"] button[aria-label="Delete turn 70"]');
  assert.equal(await turns(), 69);
  await click(page, '[data-palette-tile="X"]');
  await click(page, '#discard');
  assert.equal(await turns(), 70);
  assert.match(await page.textContent('#turns li[data-turn="70"] span'), /discard X/);
  assert.match(await page.inputValue('[data-record]'), /- \{ discard: X \}\n/);
  await page.close();
});

test('a record opened from a file and saved again is the same game', async () => {
  const url = await serve();
  const page = await open(url);
  const file = fixture('records/full-game-72.yaml');
  await page.setInputFiles('#open', file);
  await idle(page);
  const original = carcaScore(file);
  assert.deepEqual(await totals(page), original.totals);
  // An edit made and taken back: the record is written anew by the page.
  await click(page, '[data-palette-tile="X"]');
  await click(page, '#discard');
  await click(page, '#undo');
  // Written anew, its comments at the top are kept.
  const rewritten = await page.inputValue('[data-record]');
  assert.ok(rewritten.startsWith('# A full 72-tile base game for three players'), rewritten.slice(0, 200));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  assert.equal(download.suggestedFilename(), 'full-game-72.yaml');
  const saved = carcaScore(await download.path());
  assert.deepEqual(saved.totals, original.totals);
  assert.deepEqual(saved.events, original.events);
  assert.deepEqual(saved.diagnostics, original.diagnostics);
  await page.close();
});

test('a click keeps the comments at the top of the record and after each turn', async () => {
  const file = fixture('records/small-city.yaml');
  const url = await serve(file);
  const page = await open(url);
  await click(page, '[data-palette-tile="X"]');
  await click(page, '#discard');
  const text = await page.inputValue('[data-record]');
  assert.match(text, /^# Red's knight completes a two-tile city/);
  assert.match(text, /meeple: S \}\s+# red: closes the start tile's city with a knight on it\n/);
  assert.match(text, /meeple: E \}\s+# blue: thief on the start road\n/);
  assert.match(text, /- \{ discard: X \}\n/);
  // Long lines scroll: a wrapped line would look like broken YAML.
  const box = await page.$eval('[data-record]', (t) => ({
    wrap: t.getAttribute('wrap'),
    space: getComputedStyle(t).whiteSpace,
    wider: t.scrollWidth > t.clientWidth,
  }));
  assert.equal(box.wrap, 'off');
  assert.equal(box.space, 'pre');
  assert.ok(box.wider, 'the comment lines are wider than the box and scroll');
  await page.close();
});

test('a record with a tile set of its own is served with it, and drawn', async () => {
  const file = fixture('records/modifiers.yaml');
  const url = await serve(file);
  const page = await open(url);
  assert.deepEqual(await totals(page), carcaScore(file).totals);
  assert.ok(await page.locator('#palette img.tile[src^="data:image/svg+xml"]').count() > 0);
  await page.close();
});

test('the figure menu offers the figures of the sets in play, a fan set\'s own too', async () => {
  const file = fixture('records/declared-figures-history.yaml');
  const url = await serve(file);
  const page = await open(url);
  assert.deepEqual(await totals(page), carcaScore(file).totals);
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, ['follower', 'scout', 'marshal', 'hound']);
  await page.close();
});

test('a big follower, a builder and a pig are put by clicking, and score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  // Each case: the record's head, its turns before, the turn clicked (a U
  // road tile, turned 0, with one figure on a spot), and that turn by hand.
  const cases = [
    ['big', ['players: [red, blue]', 'tilesets: [base, inns-cathedrals]', 'turns:',
      '  - { tile: U, at: [1, 0], meeple: E }'], [-1, 0], 'NNE'],
    ['builder', ['players: [red, blue]', 'tilesets: [base, traders-builders]', 'turns:',
      '  - { tile: U, at: [1, 0], meeple: E }', '  - { tile: U, at: [-1, 0] }'], [2, 0], 'E'],
    ['pig', ['players: [red, blue]', 'tilesets: [base, traders-builders]', 'turns:',
      '  - { tile: U, at: [1, 0], meeple: SSE }', '  - { tile: U, at: [-1, 0] }'], [2, 0], 'ESE'],
  ];
  for (const [figure, head, [x, y], spot] of cases) {
    const before = join(dir, `${figure}.yaml`);
    writeFileSync(before, [...head, ''].join('\n'));
    const page = await open(await serve(before));
    const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
    assert.ok(options.includes(figure), `${figure} in ${options}`);
    await click(page, '[data-palette-tile="U"]');
    await click(page, square(x, y));
    assert.equal(await page.getAttribute(square(x, y), 'data-rot'), '0');
    await page.selectOption('#figure', figure);
    await click(page, `${square(x, y)} [data-spot="${spot}"]`);
    const clicked = join(dir, `${figure}-clicked.yaml`);
    const byHand = join(dir, `${figure}-by-hand.yaml`);
    writeFileSync(byHand, [...head, `  - { tile: U, at: [${x}, ${y}], meeple: ${spot}, figure: ${figure} }`, 'final: true', ''].join('\n'));
    writeFileSync(clicked, (await page.inputValue('[data-record]')) + 'final: true\n');
    const a = carcaScore(clicked), b = carcaScore(byHand);
    assert.deepEqual(a.events, b.events, figure);
    assert.deepEqual(a.diagnostics, [], `${figure}: ${JSON.stringify(a.diagnostics)}`);
    assert.match(readFileSync(clicked, 'utf8'), new RegExp(`meeple: ${spot}, figure: ${figure} \\}`));
    if (figure === 'big') {
      assert.ok(a.events.some((e) => e.strength && e.strength.blue === 2), JSON.stringify(a.events));
    }
    await page.close();
  }
});

test('a barn is put on a corner and a wagon\'s move is recorded by clicking, and both score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['players: [red, blue]', 'tilesets: [base, abbey-mayor]', 'turns:'];
  // The barn: red's B at (1,-1) makes a corner of four fields north-west of it.
  const before = join(dir, 'barn.yaml');
  writeFileSync(before, [...head,
    '  - { tile: U, at: [1, 0], meeple: SSE }',
    '  - { tile: B, at: [0, -1], meeple: C }',
    '  - { tile: E, at: [0, -2], rot: 180 }',
    '  - { tile: E, at: [0, -3] }', ''].join('\n'));
  let page = await open(await serve(before));
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, ['follower', 'mayor', 'wagon', 'barn', 'move:wagon']);
  await click(page, '[data-palette-tile="B"]');
  await click(page, square(1, -1));
  await page.selectOption('#figure', 'barn');
  await click(page, `${square(1, -1)} [data-spot="NW"]`);
  const clicked = join(dir, 'barn-clicked.yaml');
  writeFileSync(clicked, await page.inputValue('[data-record]'));
  const byHand = join(dir, 'barn-by-hand.yaml');
  writeFileSync(byHand, [...head,
    '  - { tile: U, at: [1, 0], meeple: SSE }',
    '  - { tile: B, at: [0, -1], meeple: C }',
    '  - { tile: E, at: [0, -2], rot: 180 }',
    '  - { tile: E, at: [0, -3] }',
    '  - { tile: B, at: [1, -1], meeple: NW, figure: barn }', ''].join('\n'));
  let a = carcaScore(clicked), b = carcaScore(byHand);
  assert.deepEqual(a.events, b.events);
  assert.ok(a.events.some((e) => e.award.some((w) => w.rule === 'barn_placed')), JSON.stringify(a.events));
  assert.deepEqual(await totals(page), b.totals);
  assert.equal(await page.locator(`${square(0, -1)} .fig`).count() >= 1, true);
  await page.close();

  // The wagon: red's T completes red's road; the wagon moves into T's city.
  const road = join(dir, 'wagon.yaml');
  writeFileSync(road, [...head,
    '  - { tile: V, at: [1, 0], meeple: W, figure: wagon }',
    '  - { tile: W, at: [-1, 0] }', ''].join('\n'));
  page = await open(await serve(road));
  await click(page, '[data-palette-tile="T"]');
  await click(page, square(1, -1));
  assert.equal(await page.getAttribute(square(1, -1), 'data-rot'), '180');
  await page.selectOption('#figure', 'move:wagon');
  // The page shows where the wagon may go, as the verdict names it: the
  // city of T and the start tile's city.
  assert.equal(await page.getAttribute(square(1, -1), 'data-target'), 'E');
  assert.equal(await page.getAttribute(square(0, 0), 'data-target'), 'N');
  assert.equal(await page.locator('.sq.target').count(), 2);
  assert.match(await page.textContent('#hint'), /red's wagon may go to 0,0 N \(city\), 1,-1 E \(city\)/);
  // T is still the chosen tile: its city's dot is marked.
  assert.equal(await page.locator(`${square(1, -1)} .spot.target`).count(), 1);
  const city = await page.locator(`${square(1, -1)} [data-kind="city"]`).first().getAttribute('data-spot');
  await click(page, `${square(1, -1)} [data-spot="${city}"]`);
  // Once it has moved, nothing waits to move.
  assert.equal(await page.locator('.sq.target').count(), 0);
  const moved = join(dir, 'wagon-clicked.yaml');
  writeFileSync(moved, await page.inputValue('[data-record]'));
  const written = join(dir, 'wagon-by-hand.yaml');
  writeFileSync(written, [...head,
    '  - { tile: V, at: [1, 0], meeple: W, figure: wagon }',
    '  - { tile: W, at: [-1, 0] }',
    '  - { tile: T, at: [1, -1], rot: 180, wagon: { player: red, at: [1, -1], spot: S } }', ''].join('\n'));
  a = carcaScore(moved); b = carcaScore(written);
  assert.deepEqual(a.diagnostics, []);
  assert.deepEqual(a.notes, b.notes);
  assert.ok(a.notes.some((n) => n.note === 'moved'), JSON.stringify(a.notes));
  assert.deepEqual(a.preview, b.preview);
  await page.close();
});

test('towers show their height and the follower on top, and the totals say who holds whose followers', async () => {
  // The Tower: red's tower at (0,-1) of height 1 with red's follower on
  // top; then blue's tower takes it, and blue holds it.
  const record = resolve(ROOT, 'fixtures/records/tw-follower-on-tower.yaml');
  const page = await open(await serve(record));
  // The whole game: red's tower is open again and two high, blue's one high.
  assert.equal(await page.getAttribute(`${square(0, -1)} .stack`, 'data-height'), '2');
  assert.equal(await page.getAttribute(`${square(0, -1)} .stack`, 'data-top'), '');
  assert.equal(await page.getAttribute(`${square(0, -2)} .stack`, 'data-height'), '1');
  assert.match(await page.textContent('[data-held-by="blue"]'), /holds red's follower/);
  assert.equal(await page.locator('[data-held-by="red"]').count(), 0);
  // Before turn 4 (after turn 3): red's follower stands on top.
  await click(page, '[aria-label="Show the board after turn 3"]');
  await page.waitForFunction(() => document.querySelector('#board [data-x="0"][data-y="-1"] .stack')?.dataset.top === 'red');
  assert.equal(await page.getAttribute(`${square(0, -1)} .stack`, 'data-height'), '1');
  await page.close();
});

test('what mechanics keep on tiles shows as badges: a castle, a flock', async () => {
  // Bridges, Castles & Bazaars: red's castle on (0,0) and (0,1).
  const castle = await open(await serve(resolve(ROOT, 'fixtures/records/bb-castle.yaml')));
  await click(castle, '[aria-label="Show the board after turn 1"]');
  await castle.waitForSelector(`${square(0, 0)} [data-badge="castle"][data-player="red"]`);
  await castle.close();
  // Hills & Sheep: red's two flocks before red herds them.
  const flocks = await open(await serve(resolve(ROOT, 'fixtures/records/hs-two-flocks.yaml')));
  await click(flocks, '[aria-label="Show the board after turn 3"]');
  await flocks.waitForSelector(`${square(1, 0)} [data-badge="4 sheep"][data-player="red"]`);
  await flocks.waitForSelector(`${square(2, 0)} [data-badge="2 sheep"]`);
  await flocks.close();
});

test('a tower piece, its capture and a ransom are recorded by clicking, and score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['ruleset: { name: one-follower, extends: modern, followers: 1 }', 'players: [red, blue]', 'tilesets: [base, tower]', 'turns:',
    '  - { tile: TW02, at: [0, -1] }',
    '  - { tile: E, at: [0, 1], rot: 180, meeple: S }',
    '  - { tile: U, at: [1, 0] }',
    '  - { tile: B, at: [1, -1], meeple: C }'];
  const before = join(dir, 'tower.yaml');
  writeFileSync(before, [...head, ''].join('\n'));
  const page = await open(await serve(before));
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options.filter((o) => o.startsWith('act:')), ['act:tower', 'act:tower-top', 'act:capture', 'act:ransom']);
  // Red: B at (-1,-1), a piece on the tower at (0,-1), which takes blue's monk.
  await click(page, '[data-palette-tile="B"]');
  await click(page, square(-1, -1));
  await page.selectOption('#figure', 'act:tower');
  await click(page, square(0, -1));
  await page.waitForSelector(`${square(0, -1)} .stack[data-height="1"]`);
  await page.selectOption('#figure', 'act:capture');
  await click(page, square(1, -1));
  await click(page, `${square(1, -1)} [data-spot="C"]`);
  await page.waitForSelector('[data-held-by="red"]');
  // Blue: B at (2,-1), pays red the ransom, and deploys the monk again.
  await click(page, '[data-palette-tile="B"]');
  await click(page, square(2, -1));
  await page.selectOption('#figure', 'act:ransom');
  await click(page, '.total[data-player="red"]');
  await page.selectOption('#figure', 'follower');
  await click(page, `${square(2, -1)} [data-spot="C"]`);
  const a = await scoresAsWrittenByHand(page, dir, 'tower', [...head,
    '  - { tile: B, at: [-1, -1], tower: { at: [0, -1] }, capture: { at: [1, -1], spot: C, player: blue } }',
    '  - { tile: B, at: [2, -1], ransom: { from: red }, meeple: C }']);
  // The game goes on: blue's 4 for the city less the ransom.
  assert.deepEqual(a.totals, { red: 3, blue: 1 });
  await page.close();
});

test('bridges are recorded by clicking, across the tile placed and across a neighbour, and score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['players: [red, blue]', 'tilesets: [base, bridges-castles-bazaars]', 'turns:'];
  const before = join(dir, 'bridges.yaml');
  writeFileSync(before, [...head.slice(0, 2), 'turns: []', ''].join('\n'));
  const page = await open(await serve(before));
  // Red: a cloister east of the start tile fits only with a bridge across it.
  await click(page, '[data-palette-tile="B"]');
  await click(page, square(1, 0));
  await page.waitForFunction(() => [...document.querySelectorAll('#figure option')].some((o) => o.value === 'act:bridge-we'));
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options.filter((o) => o.startsWith('act:bridge')), ['act:bridge-ns', 'act:bridge-we']);
  await page.selectOption('#figure', 'act:bridge-we');
  await click(page, square(1, 0));
  await page.waitForFunction(() => /bridge: \{ ?at: \[1, 0\], span: WE ?\}/.test(document.querySelector('[data-record]').value));
  // Blue: a cloister south of the start tile; red: a road beside it, which
  // fits only with a bridge across blue's cloister.
  await click(page, '[data-palette-tile="B"]');
  await click(page, square(0, -1));
  await click(page, '[data-palette-tile="U"]');
  await click(page, square(1, -1));
  await page.selectOption('#figure', 'act:bridge-we');
  await click(page, square(0, -1));
  await page.waitForFunction(() => /bridge: \{ ?at: \[0, -1\], span: WE ?\}/.test(document.querySelector('[data-record]').value));
  await scoresAsWrittenByHand(page, dir, 'bridges', [...head,
    '  - { tile: B, at: [1, 0], bridge: WE }',
    '  - { tile: B, at: [0, -1] }',
    '  - { tile: U, at: [1, -1], bridge: { at: [0, -1], span: WE } }']);
  await page.close();
});

test('the princess, the fairy, the dragon\'s steps and a portal are recorded by clicking, and score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['players: [red, blue]', 'tilesets: [base, princess-dragon]', 'turns:',
    '  - { tile: PD01, at: [0, -1] }',
    '  - { tile: U, at: [1, 0], meeple: E }',
    '  - { tile: R, at: [0, 1], rot: 180, meeple: S }'];
  const before = join(dir, 'pd.yaml');
  writeFileSync(before, [...head, ''].join('\n'));
  const page = await open(await serve(before));
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options.filter((o) => o.startsWith('act:')).sort(), ['act:dragon', 'act:fairy', 'act:portal', 'act:princess']);
  // The dragon stands on the volcano.
  await page.waitForSelector(`${square(0, -1)} [data-neutral="dragon"]`);
  // Blue: PD20 joins the city, and the princess sends red's knight home.
  await click(page, '[data-palette-tile="PD20"]');
  await click(page, square(1, 1));
  await page.selectOption('#figure', 'act:princess');
  await click(page, square(0, 1));
  await click(page, `${square(0, 1)} [data-kind="city"]`);
  // Red: a monk.
  await page.selectOption('#figure', 'follower');
  await click(page, '[data-palette-tile="B"]');
  await click(page, square(-1, -1));
  await click(page, `${square(-1, -1)} [data-spot="C"]`);
  // Blue: PD16; the fairy beside blue's thief, then three steps of the dragon.
  await click(page, '[data-palette-tile="PD16"]');
  await click(page, square(2, 0));
  await page.selectOption('#figure', 'act:fairy');
  await click(page, square(1, 0));
  await click(page, `${square(1, 0)} [data-kind="road"]`);
  await page.waitForSelector(`${square(1, 0)} [data-neutral="fairy"]`);
  await page.selectOption('#figure', 'act:dragon');
  for (const [x, y] of [[0, 0], [0, 1], [1, 1]]) {
    await click(page, square(x, y));
    await page.waitForSelector(`${square(x, y)} [data-neutral="dragon"]`);
  }
  // A tap on a dot of the tile just placed while the flight is recorded is
  // a tap on its tile: the menu's value never lands in the record.
  await page.selectOption('#figure', 'follower');
  await click(page, square(2, 0));
  await page.selectOption('#figure', 'act:dragon');
  await click(page, `${square(2, 0)} [data-spot]`);
  assert.ok(!(await page.inputValue('[data-record]')).includes('act:'), 'no act written as a figure');
  // Red: PD08, and the follower goes through the portal into the city.
  await click(page, '[data-palette-tile="PD08"]');
  await click(page, square(3, 0));
  await page.selectOption('#figure', 'act:portal');
  await click(page, square(0, 1));
  await click(page, `${square(0, 1)} [data-kind="city"]`);
  await shot(page, 'princess-dragon');
  await scoresAsWrittenByHand(page, dir, 'pd', [...head,
    '  - { tile: PD20, at: [1, 1], princess: { player: red, at: [0, 1], spot: S } }',
    '  - { tile: B, at: [-1, -1], meeple: C }',
    '  - { tile: PD16, at: [2, 0], fairy: { at: [1, 0], spot: E }, dragon: [N, N, E] }',
    '  - { tile: PD08, at: [3, 0], meeple: { at: [0, 1], spot: S } }']);
  await page.close();
});

test('a shepherd, its draws and its flock herded are recorded by clicking, and score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['players: [red, blue]', 'tilesets: [base, hills-sheep]', 'turns:',
    '  - { tile: B, at: [0, -1] }'];
  const before = join(dir, 'hs.yaml');
  writeFileSync(before, [...head, ''].join('\n'));
  const page = await open(await serve(before));
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(options.includes('shepherd'), `${options}`);
  assert.deepEqual(options.filter((o) => o.startsWith('act:')).sort(),
    ['act:flock-1', 'act:flock-2', 'act:flock-3', 'act:flock-4', 'act:flock-score', 'act:flock-wolf']);
  // Blue: a road, the shepherd north of it, and its first draw.
  await click(page, '[data-palette-tile="U"]');
  await click(page, square(1, 0));
  await page.selectOption('#figure', 'shepherd');
  await click(page, `${square(1, 0)} [data-spot="NNE"]`);
  await page.selectOption('#figure', 'act:flock-3');
  await click(page, square(1, 0));
  // Red: a road west, which extends blue's field: nothing for blue.
  await page.selectOption('#figure', 'follower');
  await click(page, '[data-palette-tile="U"]');
  await click(page, square(-1, 0));
  // Blue: the road goes on and extends the shepherd's field; blue grows the
  // flock, then thinks better of it and herds it into the stable.
  await click(page, '[data-palette-tile="U"]');
  await click(page, square(2, 0));
  await page.selectOption('#figure', 'act:flock-1');
  await click(page, square(1, 0));
  await page.selectOption('#figure', 'act:flock-score');
  await click(page, square(1, 0));
  await shot(page, 'hills-sheep');
  const a = await scoresAsWrittenByHand(page, dir, 'hs', [...head,
    '  - { tile: U, at: [1, 0], meeple: NNE, figure: shepherd, flock: { at: [1, 0], draw: 3 } }',
    '  - { tile: U, at: [-1, 0] }',
    '  - { tile: U, at: [2, 0], flock: { at: [1, 0], score: true } }']);
  // Blue's flock of 3 sheep: 3 points.
  assert.deepEqual(a.totals, { red: 0, blue: 3 });
  await page.close();
});

test('a bazaar auction is recorded tile by tile on its form, and scores as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['players: [red, blue, green]', 'tilesets: [base, bridges-castles-bazaars]', 'turns:'];
  const before = join(dir, 'bazaar.yaml');
  writeFileSync(before, [...head.slice(0, 2), 'turns: []', ''].join('\n'));
  const page = await open(await serve(before));
  // Red places a bazaar south of the start tile: its auction follows.
  await click(page, '[data-palette-tile="BB06"]');
  await click(page, square(0, -1));
  await page.waitForFunction(() => [...document.querySelectorAll('#figure option')].some((o) => o.value === 'act:bazaar'));
  assert.ok(await page.locator('[data-act-form]').isHidden());
  await page.selectOption('#figure', 'act:bazaar');
  const form = page.locator('[data-act-form]');
  await form.waitFor({ state: 'visible' });
  const add = async (tile, chooser, bids, sell) => {
    await form.locator('[data-form-field="tile"]').selectOption(tile);
    if (chooser) await form.locator('[data-form-field="player"]').selectOption(chooser);
    for (const [p, n] of Object.entries(bids)) await form.locator(`[data-form-field="bids"][data-form-player="${p}"]`).fill(String(n));
    if (sell) await form.locator('[data-form-field="sell"]').check();
    await form.locator('[data-form-add]').click();
    await idle(page);
  };
  // Blue chooses D and sells it to green for 2; the choice comes round
  // to red, who buys K at its own bid; a wrong last entry is taken back,
  // and U left over goes to blue.
  await add('D', 'blue', { blue: 1, green: 2 }, true);
  await add('K', 'red', { red: 0 }, false);
  await add('V', null, { blue: 3 }, false);
  await form.locator('[data-form-back]').click();
  await idle(page);
  await add('U', null, {}, false);
  await page.waitForFunction(() => /bazaar:/.test(document.querySelector('[data-record]').value));
  const turn = await page.locator('#turns li').last().textContent();
  assert.ok(/bazaar: D K U/.test(turn || ''), turn || '');
  await shot(page, 'bazaar');
  const a = await scoresAsWrittenByHand(page, dir, 'bazaar', [...head,
    '  - tile: BB06',
    '    at: [0, -1]',
    '    bazaar:',
    '      - { tile: D, player: blue, bids: { blue: 1, green: 2 }, sell: true }',
    '      - { tile: K, player: red, bids: { red: 0 } }',
    '      - { tile: U }']);
  // Green pays blue 2 for D.
  assert.deepEqual(a.totals, { red: 0, blue: 2, green: -2 });
  await page.close();
});

test('a follower put into the City and the Count moved are recorded from the menu, and score as written by hand', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const head = ['players: [red, blue]', 'tilesets: [base, count]', 'turns:',
    '  - { tile: U, at: [0, -2], rot: 90 }', '  - { tile: U, at: [-3, 1], meeple: E }'];
  const before = join(dir, 'coc.yaml');
  writeFileSync(before, [...head, ''].join('\n'));
  const page = await open(await serve(before));
  const options = await page.locator('#figure option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options.filter((o) => o.startsWith('act:')).sort(),
    ['act:count-blacksmith', 'act:count-castle', 'act:count-cathedral', 'act:count-market',
      'act:enter-blacksmith', 'act:enter-castle', 'act:enter-cathedral', 'act:enter-market', 'act:leave']);
  // Red completes blue's road from the City's west edge and scores nothing:
  // a follower goes into the market, then (thought better of) into the
  // blacksmith, and the Count to the cathedral.
  await click(page, '[data-palette-tile="W"]');
  await click(page, square(-4, 1));
  await page.selectOption('#figure', 'act:enter-market');
  await page.selectOption('#figure', 'act:enter-blacksmith');
  await page.selectOption('#figure', 'act:count-cathedral');
  await shot(page, 'count');
  const a = await scoresAsWrittenByHand(page, dir, 'coc', [...head,
    '  - { tile: W, at: [-4, 1], enter: blacksmith, count: cathedral }']);
  assert.equal(a.notes.filter((n) => n.note === 'coc').length, 2);
  await page.close();
});

test('what the page writes, carca reads back as the same game: hostile names and big numbers', async () => {
  // Names with DEL, C1 controls (NEL among them), U+FFFE, a line separator
  // and a character beyond the BMP; claims at the edge of what JSON keeps
  // exactly. The page rewrites the record on any change: it must read
  // back to the same players, claims and verdict.
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const names = ['r\u007fed', 'bl\u0085ue', 'gr\u009fe\ufffen', 'x\u2028y', 'z\ud83d\ude00'];
  // Written as carca reads them: every character beyond ASCII escaped.
  const quoted = (n) => '"' + [...n].map((c) => {
    const p = c.codePointAt(0);
    if (p >= 0x20 && p < 0x7f && c !== '"' && c !== '\\') return c;
    return p > 0xffff ? '\\U' + p.toString(16).padStart(8, '0') : '\\u' + p.toString(16).padStart(4, '0');
  }).join('') + '"';
  const original = join(dir, 'hostile.yaml');
  writeFileSync(original, [
    `players: [${names.map(quoted).join(', ')}]`,
    'turns:',
    '  - { tile: E, at: [0, 1], rot: 180, meeple: S }',
    `claims: { ${names.map((n, i) => `${quoted(n)}: ${i === 0 ? 9007199254740991 : -9007199254740991 + i}`).join(', ')} }`,
    '',
  ].join('\n'));
  assert.deepEqual(carcaScore(original).players, names, 'the original reads');
  const page = await open(await serve(original));
  await click(page, '#final');
  const text = await page.inputValue('[data-record]');
  assert.ok(text.includes('final: true'), text);
  const written = join(dir, 'written.yaml');
  writeFileSync(written, text);
  const a = carcaScore(original), b = carcaScore(written);
  assert.deepEqual(b.players, a.players);
  assert.deepEqual(b.players, names);
  assert.deepEqual(b.events, a.events);
  assert.deepEqual(b.diagnostics.map((d) => d.code), a.diagnostics.map((d) => d.code));
  // The claims survive exactly: the same mismatches, with the same numbers.
  assert.deepEqual(b.diagnostics.map((d) => d.message), a.diagnostics.map((d) => d.message));
  await page.close();
});

test('what the page writes, carca reads back as the same game: random hostile names and numbers', async () => {
  // A property over many records: random names drawn from characters that
  // YAML writers get wrong (quotes, backslashes, `#`, `: `, leading `-`,
  // C0 and C1 controls, DEL, U+FFFE and U+FFFF, line and paragraph
  // separators, a BOM, combining and right-to-left marks, characters
  // beyond the BMP) and random claims up to ±(2^53 − 1). Each record is
  // typed into the page, which rewrites it (game over, off and on): carca
  // must read the page's text as the same game. Seeded, so a failure
  // repeats.
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const pool = ['a', 'Z', '7', ' ', '"', "'", '\\', '#', ': ', '- ', '{', '}', '[', ']', ',', '&', '*', '!', '|', '>', '%', '@', '`',
    '\t', '\u0001', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f', '\u00a0', '\ufeff', '\ufffe', '\uffff',
    '\u2028', '\u2029', '\u0301', '\u200f', '\u05d0', '\u4e2d', '\ud83d\ude00', '\ud800\udc00', 'é', 'ß'];
  const quoted = (n) => '"' + [...n].map((c) => {
    const p = c.codePointAt(0);
    if (p >= 0x20 && p < 0x7f && c !== '"' && c !== '\\') return c;
    return p > 0xffff ? '\\U' + p.toString(16).padStart(8, '0') : '\\u' + p.toString(16).padStart(4, '0');
  }).join('') + '"';
  const dir = mkdtempSync(join(tmpdir(), 'carca-page-'));
  const page = await open(await serve());
  for (let round = 0; round < 12; round++) {
    const count = 2 + Math.floor(random() * 3);
    const names = [];
    while (names.length < count) {
      let n = 'p' + names.length;
      const len = 1 + Math.floor(random() * 6);
      for (let k = 0; k < len; k++) n += pick(pool);
      // A name is trimmed where it is read: its ends are letters.
      names.push(n + 'z');
    }
    const claim = () => Math.floor((random() * 2 - 1) * Number.MAX_SAFE_INTEGER);
    const text = [
      `players: [${names.map(quoted).join(', ')}]`,
      'turns:',
      '  - { tile: E, at: [0, 1], rot: 180, meeple: S }',
      '  - { tile: U, at: [1, 0], meeple: E }',
      'final: true',
      `claims: { ${names.map((n) => `${quoted(n)}: ${claim()}`).join(', ')} }`,
      '',
    ].join('\n');
    const original = join(dir, `round-${round}.yaml`);
    writeFileSync(original, text);
    const a = carcaScore(original);
    assert.deepEqual(a.players, names, `round ${round} reads as written`);
    await page.fill('[data-record]', text);
    await idle(page);
    await click(page, '#final');
    await click(page, '#final');
    const rewritten = await page.inputValue('[data-record]');
    assert.ok(rewritten.includes('final: true'), rewritten);
    const written = join(dir, `round-${round}-page.yaml`);
    writeFileSync(written, rewritten);
    const b = carcaScore(written);
    assert.deepEqual(b.players, names, `round ${round}: ${rewritten}`);
    assert.deepEqual(b.events, a.events, `round ${round}`);
    assert.deepEqual(b.diagnostics.map((d) => d.message), a.diagnostics.map((d) => d.message), `round ${round}`);
  }
  await page.close();
});

test('the page asks nothing of any other host', async () => {
  // Every request of the tests before, and of a page of its own, so that
  // the test holds when it runs alone too.
  const url = await serve(fixture('records/full-game-72.yaml'));
  const page = await open(url);
  // The Open… picker offers JCloisterZone saves too.
  assert.match(await page.getAttribute('#open', 'accept'), /\.jcz/);
  await page.close();
  assert.ok(requested.length > 20, `${requested.length} requests`);
  const elsewhere = requested.filter((u) => new URL(u).hostname !== '127.0.0.1');
  assert.deepEqual(elsewhere, []);
  // Nothing the pages asked for was missing (a favicon included).
  assert.deepEqual(missing, []);
});
