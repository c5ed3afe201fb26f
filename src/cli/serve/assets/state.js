// The page's state: the record is the state; the rest is what is shown.
// What the server answers is typed by api.d.ts, written from carca's own
// JSON Schemas (tests/browser/api-types.mjs).

/** @typedef {import('./api').Board.Answer} Position */
/** @typedef {import('./api').Score.ScoreJson} Verdict */
/** @typedef {import('./api').Compare.CarcaCompare} Comparison */
/** @typedef {import('./api').Moves.CarcaMoves} Fits */
/** @typedef {import('./api').ServeRulesets.RulesetNameJson} RulesetName */

export const S = {
  /** @type {Record<string, any> | null} the record, as data */
  model: null,
  /** the record, as the YAML shown */
  text: '',
  name: 'record.yaml',
  /** the comments at the top of the record's text, kept when it is written anew */
  header: '',
  /** @type {Record<string, string>} tile sets and rulesets the record names by path, by that name */
  files: {},
  /** @type {Record<string, string>} pictures of tiles of such sets, by id */
  pictures: {},
  /** @type {Position | null} the board (POST /api/position) */
  view: null,
  /** @type {Verdict | null} the verdict (POST /api/score) */
  score: null,
  /** @type {Comparison | null} every ruleset side by side (POST /api/compare) */
  compare: null,
  /** @type {string[]} */
  builtinSets: [],
  /** @type {RulesetName[]} */
  rulesets: [],
  /** @type {string | null} the palette tile chosen */
  pick: null,
  rot: 0,
  /** @type {Fits | null} where the chosen tile fits (POST /api/moves) */
  moves: null,
  /** @type {number[] | null} [x, y] */
  cursor: null,
  /** @type {number[] | null} a placed tile chosen: [x, y] */
  chosen: null,
  /** @type {number | null} turns shown while stepping (null: all) */
  step: null,
  /** @type {string | null} a feature name to outline */
  outline: null,
  seq: 0,
  /** @type {ReturnType<typeof setTimeout> | null} */
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
