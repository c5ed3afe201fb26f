// What the page's menus and clicks name: figure menu values, a neutral
// figure's steps, corners, colours. The acts of a turn are the server's
// (`acts` of the board).

/** The figure menu's value for moving a figure after a scoring (a wagon): `move:NAME`. */
export const MOVE = 'move:';

/** The figure menu's value for an act of the last turn (a tower piece, a capture, a ransom): `act:KEY`. */
export const ACT = 'act:';

/** The direction of a step of a neutral figure from `from` to `to`, if they are neighbours. */
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
