// What the page's menus and clicks name: figure menu values, the acts of a
// turn, the dragon's steps, corners, colours.

/** The figure menu's value for moving a figure after a scoring (a wagon): `move:NAME`. */
export const MOVE = 'move:';

/** The figure menu's value for an act of the last turn (a tower piece, a capture, a ransom): `act:KEY`. */
export const ACT = 'act:';

/** The acts the page records, by record key, with their menu words. */
export const ACTS = [
  ['tower', 'tower piece (last turn)'],
  ['tower-top', 'follower on a tower (last turn)'],
  ['capture', 'capture (last turn)'],
  ['ransom', 'ransom (last turn): click the player paid'],
  ['portal', 'follower through the portal (last turn)'],
  ['fairy', 'fairy (last turn): beside a follower'],
  ['princess', 'princess (last turn): send a follower home'],
  ['dragon', 'dragon step (last turn): click the next tile'],
];

/** The direction of a step of the dragon from `from` to `to`, if they are neighbours. */
/**
 * @param {number[]} from
 * @param {number[]} to
 * @returns {string | null}
 */
export function stepOf(from, to) {
  const d = [to[0] - from[0], to[1] - from[1]];
  return { '0,1': 'N', '1,0': 'E', '0,-1': 'S', '-1,0': 'W' }[d.join(',')] || null;
}

/** The corners of a tile, where a corner figure may be put, as fractions of its square. */
/** @type {[string, number, number][]} */
export const CORNERS = [['NE', 1, 0], ['SE', 1, 1], ['SW', 0, 1], ['NW', 0, 0]];

/**
 * A readable text colour on a background colour `#rrggbb`.
 * @param {string} hex
 * @returns {string}
 */
export function textOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#000' : '#fff';
}
