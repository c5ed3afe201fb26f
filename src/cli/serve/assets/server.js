// The page's only way out: requests to the server that served it.

import { S } from './state.js';

// `data-state` on the body: `busy` while the page waits for the server
// (or for a pause in typing), `idle` when what it shows is up to date.
let pending = 0;
/** @param {number} delta */
export function busy(delta) {
  pending += delta;
  document.body.dataset.state = pending > 0 ? 'busy' : 'idle';
}

// What a request carries: the record, with the files it names by path
// when there are any (the server reads no file of its own).
/** @param {string} text */
function payload(text) {
  return Object.keys(S.files).length ? JSON.stringify({ record: text, files: S.files }) : text;
}

/**
 * A request to the server, the page marked busy meanwhile: `body` (a
 * record's text) is POSTed when given.
 * @param {string} path
 * @param {string} [body]
 * @param {Record<string, string | number | null | undefined>} [query]
 * @returns {Promise<{ ok: boolean, status: number, json: any }>}
 */
export async function call(path, body, query = {}) {
  busy(1);
  try { return await fetchJson(path, body, query); } finally { busy(-1); }
}

/**
 * @param {string} path
 * @param {string | undefined} body
 * @param {Record<string, string | number | null | undefined>} query
 */
async function fetchJson(path, body, query) {
  const q = new URLSearchParams(
    Object.entries(query).filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k, v]) => [k, String(v)]),
  );
  const url = path + (q.toString() ? '?' + q : '');
  const r = await fetch(url, body === undefined ? {} : { method: 'POST', body: payload(body), headers: { 'Content-Type': 'text/plain' } });
  return { ok: r.ok, status: r.status, json: await r.json() };
}
