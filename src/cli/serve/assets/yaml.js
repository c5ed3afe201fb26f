// The record written as YAML by the page: what a click changes is written
// anew, keeping the comments a player wrote at the top and after turns.

const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;
/**
 * A scalar as YAML writes it: a plain word when it reads back the same, else
 * quoted with the escapes YAML reads.
 * @param {unknown} v
 * @returns {string}
 */
export function scalar(v) {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  const s = String(v);
  if (/^[A-Za-z_][A-Za-z0-9_.\-]*$/.test(s) && !RESERVED.test(s)) return s;
  // JSON escapes only what JSON forbids; YAML also forbids DEL, the C1
  // controls (NEL among them, a line break to some readers), lone
  // surrogates, U+FFFE and U+FFFF raw, and line and paragraph separators
  // and a BOM inside are easily lost: those are written as \uXXXX, which
  // YAML reads back.
  return JSON.stringify(s).replace(/[\u007f-\u009f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/g, (c, i, all) => {
    const code = c.charCodeAt(0);
    // A surrogate pair is a printable character: kept as it is.
    if (code >= 0xd800 && code <= 0xdbff && /[\udc00-\udfff]/.test(all[i + 1] || '')) return c;
    if (code >= 0xdc00 && code <= 0xdfff && /[\ud800-\udbff]/.test(all[i - 1] || '')) return c;
    return '\\u' + code.toString(16).padStart(4, '0');
  });
}
/**
 * A value in YAML's flow style, on one line.
 * @param {unknown} v
 * @returns {string}
 */
export function flow(v) {
  if (Array.isArray(v)) return '[' + v.map(flow).join(', ') + ']';
  if (v && typeof v === 'object') {
    const parts = Object.entries(v).map(([k, x]) => scalar(k) + ': ' + flow(x));
    return parts.length ? '{ ' + parts.join(', ') + ' }' : '{}';
  }
  return scalar(v);
}
/** The record's keys in the order they are written. */
export const ORDER = ['description', 'tilesets', 'supply_scale', 'rules', 'ruleset', 'players', 'start',
  'turns', 'board', 'meeples', 'goods', 'final', 'claims', 'expect'];
// The comment written after an entry of a list (a turn), kept on the
// entry's object so that it follows the entry when turns are moved.
export const COMMENT = Symbol('comment');

/**
 * A record written as YAML: `header` (comment lines) first, then its keys in
 * their order, each turn on one line with its comment.
 * @param {Record<string, any>} model
 * @param {string} [header]
 * @returns {string}
 */
export function toYaml(model, header = '') {
  const keys = Object.keys(model).sort((a, b) => {
    const i = ORDER.indexOf(a), j = ORDER.indexOf(b);
    return (i < 0 ? 99 : i) - (j < 0 ? 99 : j);
  });
  let out = header;
  for (const k of keys) {
    const v = model[k];
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
      out += scalar(k) + ':\n' + v.map((x) => '  - ' + flow(x) + (x[COMMENT] ? '   ' + x[COMMENT] : '') + '\n').join('');
    } else if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 3) {
      out += scalar(k) + ':\n' + Object.entries(v).map(([a, b]) => '  ' + scalar(a) + ': ' + flow(b) + '\n').join('');
    } else {
      out += scalar(k) + ': ' + flow(v) + '\n';
    }
  }
  return out;
}

/**
 * The comments of a record's text the page keeps when it writes the record
 * anew: returns the lines of comments at its top (the header), and marks
 * each turn of `model` written on one line with the comment after it
 * (`- { … }   # red closes the city`), which then follows the turn.
 * @param {string} text
 * @param {Record<string, any>} model
 * @returns {string}
 */
export function keepComments(text, model) {
  const lines = text.split('\n');
  let top = 0;
  while (top < lines.length && (/^\s*#/.test(lines[top]) || lines[top].trim() === '')) top++;
  const header = lines.slice(0, top).filter((l) => l.trim() !== '').map((l) => l.trimEnd() + '\n').join('');
  const list = Array.isArray(model.turns) ? model.turns : [];
  entryLines(text, 'turns').forEach((i, k) => {
    const m = /\}\s+(#.*)$/.exec(lines[i]);
    if (m && list[k] && typeof list[k] === 'object') {
      Object.defineProperty(list[k], COMMENT, { value: m[1].trimEnd(), enumerable: false });
    }
  });
  return header;
}

/**
 * The lines (0-based) where the entries of a top-level list start.
 * @param {string} text
 * @param {string} key
 * @returns {number[]}
 */
export function entryLines(text, key) {
  const lines = text.split('\n');
  const out = [];
  let inside = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^\S/.test(l) && !l.startsWith('#')) {
      inside = l.startsWith(key + ':');
      continue;
    }
    if (inside && /^\s*- /.test(l)) out.push(i);
  }
  return out;
}
