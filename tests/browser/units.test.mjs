// Unit tests of the page's pure modules, run by node without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { COMMENT, entryLines, flow, keepComments, scalar, toYaml } from '../../src/cli/serve/assets/yaml.js';
import { CORNERS, stepOf, textOn } from '../../src/cli/serve/assets/pieces.js';
import { S, isHistory, newRecord, players, rulesName, turns } from '../../src/cli/serve/assets/state.js';

test('scalars are plain words only when they read back the same', () => {
  assert.equal(scalar('red'), 'red');
  assert.equal(scalar(90), '90');
  assert.equal(scalar(true), 'true');
  assert.equal(scalar(null), 'null');
  // Words YAML reads as something else are quoted.
  for (const word of ['yes', 'No', 'on', 'null', '~', 'y']) assert.equal(scalar(word), JSON.stringify(word));
  assert.equal(scalar('Bob Smith'), '"Bob Smith"');
  assert.equal(scalar('1e3'), '"1e3"');
  // What YAML forbids raw is escaped; a surrogate pair is kept.
  assert.equal(scalar('a\u007fb'), '"a\\u007fb"');
  assert.equal(scalar('x\u2028y'), '"x\\u2028y"');
  assert.equal(scalar('\ud800'), '"\\ud800"');
  assert.equal(scalar('😀'), '"😀"');
});

test('values are written in flow style on one line', () => {
  assert.equal(flow([0, 1]), '[0, 1]');
  assert.equal(flow({ tile: 'E', at: [0, 1], rot: 180 }), '{ tile: E, at: [0, 1], rot: 180 }');
  assert.equal(flow({}), '{}');
  assert.equal(flow({ meeple: { at: [1, 0], spot: 'E' } }), '{ meeple: { at: [1, 0], spot: E } }');
  // N and Y are booleans to YAML 1.1 readers: quoted.
  assert.equal(flow({ spot: 'N' }), '{ spot: "N" }');
});

test('a record is written with its keys in order, a turn a line, and its comments', () => {
  const model = { final: true, turns: [{ tile: 'E', at: [0, 1], rot: 180 }, { tile: 'U', at: [1, 0] }], players: ['red', 'blue'] };
  Object.defineProperty(model.turns[0], COMMENT, { value: '# red opens', enumerable: false });
  assert.equal(
    toYaml(model, '# A game\n'),
    '# A game\nplayers: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180 }   # red opens\n  - { tile: U, at: [1, 0] }\nfinal: true\n',
  );
  // A mapping of more than three keys is written as a block.
  assert.equal(toYaml({ expect: { a: 1, b: 2, c: 3, d: 4 } }), 'expect:\n  a: 1\n  b: 2\n  c: 3\n  d: 4\n');
});

test('the comments at the top and after each turn are kept, and follow their turn', () => {
  const text = '# Friday\n\n# the farm dispute\nplayers: [red, blue]\nturns:\n  - { tile: E, at: [0, 1], rot: 180 }   # red opens\n  - { tile: U, at: [1, 0] }\n  - { tile: V, at: [0, -1] } # blue\nfinal: true\n';
  const model = { players: ['red', 'blue'], turns: [{ tile: 'E', at: [0, 1], rot: 180 }, { tile: 'U', at: [1, 0] }, { tile: 'V', at: [0, -1] }], final: true };
  const header = keepComments(text, model);
  assert.equal(header, '# Friday\n# the farm dispute\n');
  assert.deepEqual(entryLines(text, 'turns'), [5, 6, 7]);
  // Moved, a turn keeps its comment.
  model.turns.reverse();
  assert.equal(
    toYaml(model, header),
    '# Friday\n# the farm dispute\nplayers: [red, blue]\nturns:\n  - { tile: V, at: [0, -1] }   # blue\n  - { tile: U, at: [1, 0] }\n  - { tile: E, at: [0, 1], rot: 180 }   # red opens\nfinal: true\n',
  );
});

test('a step of the dragon is a direction between neighbours only', () => {
  assert.equal(stepOf([0, 0], [0, 1]), 'N');
  assert.equal(stepOf([0, 0], [1, 0]), 'E');
  assert.equal(stepOf([2, 3], [2, 2]), 'S');
  assert.equal(stepOf([0, 0], [-1, 0]), 'W');
  assert.equal(stepOf([0, 0], [1, 1]), null);
  assert.equal(stepOf([0, 0], [0, 2]), null);
  assert.deepEqual(CORNERS.map(([c]) => c), ['NE', 'SE', 'SW', 'NW']);
});

test('text on a colour is black on light and white on dark', () => {
  assert.equal(textOn('#ffffff'), '#000');
  assert.equal(textOn('#ffd700'), '#000');
  assert.equal(textOn('#000000'), '#fff');
  assert.equal(textOn('#1f4e9c'), '#fff');
});

test('the record in the state: history or snapshot, its turns, players and ruleset', () => {
  S.model = newRecord();
  assert.ok(isHistory());
  assert.deepEqual(players(), ['red', 'blue']);
  assert.equal(rulesName(), 'modern');
  delete S.model.turns;
  turns().push({ tile: 'E' });
  assert.deepEqual(S.model.turns, [{ tile: 'E' }]);
  S.model = { players: ['a'], board: [], rules: { extends: 'modern' } };
  assert.ok(!isHistory());
  assert.equal(rulesName(), 'modern');
});

// The page's writer against carca's reader: a generated game of every mix
// of the shipped sets (all of them at once included), 1 to 6 players, as
// the page holds it (the record as data) and writes it back (toYaml),
// reads back as the same game under every built-in ruleset.
test('every generated game the page writes back reads as the same game', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const carca = process.env.CARCA_BIN || join(root, 'target', 'debug', 'carca');
  // The built-in sets, as carca lists them when a name is unknown.
  const refused = spawnSync(carca, ['gen', '--color', 'never', '--tilesets', 'no-such-set'], { encoding: 'utf8' });
  const named = refused.stderr.replace(/\s+/g, ' ').split('built-in tile sets: ')[1].split(';')[0].split(', ');
  const optional = named.filter((n) => n !== 'base');
  assert.equal(optional.length >= 7, true, named.join(', '));
  const compare = (text) => {
    const r = spawnSync(carca, ['compare', '-', '--format', 'json'], { input: text, encoding: 'utf8' });
    return JSON.parse(r.stdout);
  };
  for (let mix = 0; mix < 1 << optional.length; mix++) {
    const sets = ['base', ...optional.filter((_, i) => (mix >> i) & 1)];
    // The River and the City of Carcassonne cannot start one game.
    if (sets.includes('river') && sets.includes('count')) continue;
    const players = 1 + (mix % 6);
    const json = execFileSync(
      carca,
      ['gen', '--seed', String(mix), '--tiles', '30', '--players', String(players), '--tilesets', sets.join(','), '--format', 'json'],
      { encoding: 'utf8' },
    );
    const written = toYaml(JSON.parse(json));
    const [a, b] = [compare(json), compare(written)];
    const label = `${sets.join(',')}, ${players} players`;
    assert.deepEqual(b.totals, a.totals, label);
    assert.deepEqual(b.players, a.players, label);
    assert.deepEqual(b.differences, a.differences, label);
    const codes = (c) => Object.fromEntries(Object.entries(c.diagnostics).map(([k, v]) => [k, v.map((d) => d.code)]));
    assert.deepEqual(codes(b), codes(a), label);
    // Generated under the default ruleset, the game is legal there.
    assert.deepEqual(a.diagnostics[a.rulesets[0]], [], label);
  }
});
