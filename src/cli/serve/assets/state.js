// The page's state: the record is the state; the rest is what is shown.


export const S = {
  model: null, // the record, as data
  text: '', // the record, as the YAML shown
  name: 'record.yaml',
  header: '', // the comments at the top of the record's text, kept when it is written anew
  files: {}, // tile sets and rulesets the record names by path, by that name
  pictures: {}, // pictures of tiles of such sets, by id
  view: null, // the board (POST /api/position)
  score: null, // the verdict (POST /api/score)
  compare: null,
  builtinSets: [],
  rulesets: [],
  pick: null, // the palette tile chosen
  rot: 0,
  moves: null, // where the chosen tile fits
  cursor: null, // [x, y]
  chosen: null, // a placed tile chosen: [x, y]
  step: null, // turns shown while stepping (null: all)
  outline: null, // a feature name to outline
  seq: 0,
  editTimer: null,
};

/** Whether the record is a history (turns), not a snapshot (a board). */
export function isHistory() { return !S.model.board && !S.model.meeples; }
/** The record's turns (made when there are none yet). */
export function turns() { return S.model.turns || (S.model.turns = []); }
/** @returns {string[]} */
export function players() { return S.model.players || []; }
/** The name of the ruleset the record names, `modern` when it names a file or none. */
export function rulesName() { return typeof S.model.rules === 'string' ? S.model.rules : 'modern'; }

/** A new game of the base set for two players. */
export function newRecord() {
  return { tilesets: ['base'], rules: 'modern', players: ['red', 'blue'], turns: [] };
}
