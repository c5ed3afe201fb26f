// The page's small helpers over the document.

/**
 * The element of id `id`.
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => document.getElementById(id);

/**
 * The form field of id `id` (an input, a select or a text area: each has a
 * `value`).
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export const field = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/**
 * The first element `selector` finds, if any.
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
export const one = (selector) => document.querySelector(selector);

/**
 * Every element `selector` finds.
 * @param {string} selector
 * @returns {HTMLElement[]}
 */
export const all = (selector) => [...document.querySelectorAll(selector)].map((e) => /** @type {HTMLElement} */ (e));

/**
 * Every input `selector` finds.
 * @param {string} selector
 * @returns {HTMLInputElement[]}
 */
export const inputs = (selector) => [...document.querySelectorAll(selector)].map((e) => /** @type {HTMLInputElement} */ (e));

/**
 * The element an event happened on, as the field it is when it is one.
 * @param {Event} ev
 * @returns {HTMLInputElement}
 */
export const target = (ev) => /** @type {HTMLInputElement} */ (ev.target);

/**
 * A new element: `attrs` are attributes (`class`, `text` for its text,
 * `onEVENT` for listeners; null, undefined and false leave one out), then
 * its children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElement}
 */
export const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
};
