// carca's page: the record is the state. Every change (a click, a key, an
// edit of the YAML) makes a new record; the server reads it, draws nothing,
// and answers with the board, the verdict and the diagnostics, which this
// script lays out. Nothing is fetched from anywhere but this server.

import { $, all, el, field, inputs, one, target } from './dom.js';
import { entryLines, keepComments, toYaml } from './yaml.js';
import { S, isHistory, newRecord, players, rulesName, turns } from './state.js';
import { busy, call } from './server.js';
import { ACT, CORNERS, MOVE, stepOf, textOn } from './pieces.js';

// A change made on the board: the record is written anew.
function change(fn) {
  fn(S.model);
  S.text = toYaml(S.model, S.header || '');
  field('record').value = S.text;
  S.step = null;
  refresh();
}

// The YAML edited by hand: read it (the server checks it) after a pause.
function edited() {
  if (S.editTimer) clearTimeout(S.editTimer); else busy(1);
  S.editTimer = setTimeout(async () => {
    S.editTimer = null;
    try {
      const text = field('record').value;
      S.text = text;
      const r = await call('/api/record', text);
      if (r.ok) {
        S.model = r.json.record || newRecord();
        S.header = keepComments(text, S.model);
        $('record').classList.remove('invalid');
        S.step = null;
        await refresh();
      } else {
        $('record').classList.add('invalid');
        showDiagnostics(r.json.diagnostics || []);
      }
    } finally {
      busy(-1);
    }
  }, 250);
}

function load(text, name, files) {
  S.name = name || 'record.yaml';
  S.files = files || {};
  S.pictures = {};
  field('record').value = text;
  edited();
}

// ---------------------------------------------------------------- refresh

async function refresh() {
  busy(1);
  try { await update(); } finally { busy(-1); }
}

// While stepping through a history, the totals and the breakdown are
// those of the turns shown: the record up to them, the game not over yet
// (no `final`, and the claims and expectations of the end left out).
function shownText() {
  if (S.step === null || !isHistory()) return S.text;
  const m = Object.assign({}, S.model, { turns: turns().slice(0, S.step) });
  delete m.final;
  delete m.claims;
  delete m.expect;
  return toYaml(m);
}

async function update() {
  const seq = ++S.seq;
  const text = S.text;
  const turn = S.step; // the board after the turns shown
  const shown = shownText();
  const [view, score, compare] = await Promise.all([
    call('/api/position', text, { turn, pictures: Object.keys(S.files).length ? 1 : null }),
    call('/api/score', shown),
    call('/api/compare', shown),
  ]);
  if (seq !== S.seq) return; // a newer change is on its way
  if (!view.ok || !score.ok) {
    $('record').classList.add('invalid');
    showDiagnostics((score.ok ? view : score).json.diagnostics || []);
    return;
  }
  $('record').classList.remove('invalid');
  S.view = view.json;
  if (S.view.pictures) S.pictures = S.view.pictures;
  S.score = score.json;
  S.compare = compare.ok ? compare.json : null;
  if (S.pick) await findMoves();
  render();
}

async function findMoves() {
  S.moves = null;
  if (!S.pick || S.step !== null) return;
  const r = await call('/api/moves', S.text, { tile: S.pick });
  if (r.ok) S.moves = r.json;
}

// ---------------------------------------------------------------- drawing

function colourOf(name) {
  const p = (S.view?.players || []).find((x) => x.name === name);
  return p ? p.colour : '#999';
}

function tileImage(id, rot, set) {
  const sets = S.view?.palette || [];
  const s = set || sets.find((t) => t.tile === id)?.set;
  const builtin = (S.view?.sets || []).some((x) => x.name === s && x.builtin);
  const img = /** @type {HTMLImageElement} */ (el('img', { class: 'tile', alt: `${id} turned ${rot}°`, draggable: 'false' }));
  if (builtin) img.src = `/api/tile.svg?set=${encodeURIComponent(s)}&tile=${encodeURIComponent(id)}&rot=${rot}`;
  else if (S.pictures[id]) {
    // A tile of a set sent with the record: drawn upright, turned here.
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(S.pictures[id]);
    img.classList.add('r' + rot);
  }
  return img;
}

function render() {
  renderSetup();
  renderActForm();
  renderPalette();
  renderBoard();
  renderTotals();
  showDiagnostics(S.score.diagnostics);
  renderTurns();
  renderEvents();
  renderCompare();
  renderStatus();
}

/** Whether a figure stands beside a follower (a builder, a pig, a declared companion). */
function companion(name) {
  const kinds = (S.view && S.view.figure_kinds) || [];
  return kinds.some((k) => k.name === name && k.companion);
}

/** Whether a figure stands on a corner point where four tiles meet (a barn). */
function onCorner(name) {
  const kinds = (S.view && S.view.figure_kinds) || [];
  return kinds.some((k) => k.name === name && k.corner);
}


/**
 * The act of the page named `name` (the figure menu's `act:NAME`), as the
 * server declares it, if the mechanics in play take it.
 * @param {string} name
 */
function actNamed(name) {
  return ((S.view && S.view.acts) || []).find((a) => a.name === name) || null;
}

/** The act the figure menu is on, if any. */
function chosenAct() {
  const v = field('figure').value;
  return v.startsWith(ACT) ? actNamed(v.slice(ACT.length)) : null;
}

/**
 * Adds a step of the act's neutral figure onto the tile at [x, y] to the
 * last turn, or takes the last step back (a click on the figure).
 * @param {import('./api').Board.PageActJson} act
 */
function neutralStep(act, x, y) {
  const list = turns();
  const last = list[list.length - 1];
  const figure = (S.view.neutrals || []).find((n) => n.name === act.neutral);
  if (!last || !last.tile || !figure) { $('hint').textContent = `The ${act.neutral} moves on the last turn, once it is on the board.`; return; }
  if (figure.at[0] === x && figure.at[1] === y) {
    change(() => {
      const steps = Array.isArray(last[act.writes]) ? last[act.writes] : [];
      steps.pop();
      if (steps.length) last[act.writes] = steps; else delete last[act.writes];
    });
    return;
  }
  const step = stepOf(figure.at, [x, y]);
  if (!step) { $('hint').textContent = `The ${act.neutral} steps onto a tile beside it, in its row or column.`; return; }
  change(() => { last[act.writes] = (Array.isArray(last[act.writes]) ? last[act.writes] : []).concat([step]); });
}

/**
 * Records (or takes back) an act of the last turn, under the key it
 * writes, with the fields it always writes.
 * @param {import('./api').Board.PageActJson} act
 * @param {Record<string, unknown>} value
 */
function recordAct(act, value) {
  const list = turns();
  const last = list[list.length - 1];
  if (!last || !last.tile) { $('hint').textContent = 'An act goes with the last turn, which places a tile.'; return; }
  const written = { ...value, ...act.fixed };
  change(() => {
    const same = JSON.stringify(last[act.writes]) === JSON.stringify(written);
    if (same) delete last[act.writes];
    else last[act.writes] = written;
    if (act.clears_figure) delete last.figure;
  });
}

/**
 * The form of the act the figure menu is on, when it takes its entries
 * on a form (a bazaar's tiles): one field each, an Add button that adds
 * the entry filled in to the list the act writes on the last turn, and a
 * button that takes the last entry back. A form already shown for the
 * same act and players keeps what is typed in it.
 */
function renderActForm() {
  const box = /** @type {HTMLFormElement} */ ($('act-form'));
  const act = isHistory() && S.step === null ? chosenAct() : null;
  if (!act || act.pick !== 'form') { box.hidden = true; box.replaceChildren(); box.dataset.act = ''; return; }
  const key = act.name + '|' + players().join(',');
  box.hidden = false;
  if (box.dataset.act === key) return;
  box.dataset.act = key;
  // Every tile of the sets in play: the auction's tiles are no longer
  // left once it is written, and a tile not left is carca's to report.
  const left = [...new Set((S.view.palette || []).filter((t) => t.count > 0).map((t) => t.tile))];
  const choice = (name, values) => el('select', { 'data-form-field': name, 'aria-label': name },
    el('option', { value: '', text: '—' }), ...values.map((v) => el('option', { value: v, text: v })));
  const rows = (act.form || []).map((f) => {
    if (f.kind === 'tile') return el('label', {}, f.label + ' ', choice(f.name, left));
    if (f.kind === 'player') return el('label', {}, f.label + ' ', choice(f.name, players()));
    if (f.kind === 'flag') return el('label', {}, el('input', { type: 'checkbox', 'data-form-field': f.name }), ' ' + f.label);
    return el('fieldset', {}, el('legend', { text: f.label }),
      ...players().map((p) => el('label', {}, p + ' ', el('input', {
        type: 'number', min: '0', step: '1', inputmode: 'numeric', size: '3',
        'data-form-field': f.name, 'data-form-player': p, 'aria-label': `${f.label}: ${p}`,
      }))));
  });
  box.replaceChildren(...rows,
    el('button', { type: 'submit', 'data-form-add': '', text: 'Add' }),
    el('button', { type: 'button', 'data-form-back': '', text: 'Take the last back', onclick: () => formEntry(act, null) }));
  box.onsubmit = (ev) => { ev.preventDefault(); formEntry(act, readForm(act)); };
}

/**
 * The entry the act's form holds, blank fields left out.
 * @param {import('./api').Board.PageActJson} act
 * @returns {Record<string, unknown>}
 */
function readForm(act) {
  /** @type {Record<string, unknown>} */
  const entry = {};
  for (const f of act.form || []) {
    const els = inputs(`#act-form [data-form-field="${f.name}"]`);
    if (f.kind === 'flag') { if (els[0] && els[0].checked) entry[f.name] = true; continue; }
    if (f.kind === 'amounts') {
      /** @type {Record<string, number>} */
      const amounts = {};
      for (const i of els) if (i.value.trim() !== '' && Number.isFinite(Number(i.value))) amounts[i.dataset.formPlayer || ''] = Math.max(0, Math.floor(Number(i.value)));
      if (Object.keys(amounts).length) entry[f.name] = amounts;
      continue;
    }
    if (els[0] && els[0].value) entry[f.name] = els[0].value;
  }
  return entry;
}

/**
 * Adds `entry` to the list the act writes on the last turn, or (`null`)
 * takes the last entry back; the form is cleared for the next entry.
 * @param {import('./api').Board.PageActJson} act
 * @param {Record<string, unknown> | null} entry
 */
function formEntry(act, entry) {
  const list = turns();
  const last = list[list.length - 1];
  if (!last || !last.tile) { $('hint').textContent = 'An act goes with the last turn, which places a tile.'; return; }
  if (entry && !Object.keys(entry).length) { $('hint').textContent = 'Fill in the entry first.'; return; }
  change(() => {
    const entries = Array.isArray(last[act.writes]) ? last[act.writes] : [];
    if (entry) entries.push(entry); else entries.pop();
    if (entries.length) last[act.writes] = entries; else delete last[act.writes];
  });
  for (const i of inputs('#act-form [data-form-field]')) { if (i.type === 'checkbox') i.checked = false; else i.value = ''; }
}

function renderSetup() {
  const p = field('players');
  if (document.activeElement !== p) p.value = players().join(', ');
  const sel = field('rules');
  const own = rulesName();
  const names = S.rulesets.map((r) => r.name);
  sel.replaceChildren(...names.map((n) => el('option', { value: n, text: n })));
  if (!names.includes(own)) sel.append(el('option', { value: own, text: own }));
  sel.value = own;
  field('mode').value = isHistory() ? 'history' : 'snapshot';
  const sets = S.model.tilesets || ['base'];
  for (const box of inputs('#sets input')) box.checked = sets.includes(box.value);
  const who = field('who');
  const keep = who.value;
  who.replaceChildren(...players().map((n) => el('option', { value: n, text: n })));
  if (players().includes(keep)) who.value = keep;
  $('who-label').hidden = isHistory();
  // The figures of the sets in play, as the server's figure table has them.
  const kinds = ((S.view && S.view.figure_kinds) || [/** @type {import('./api').Board.FigureKindJson} */ ({ name: 'follower' })])
    .filter((k) => k.name === 'follower' || k.supply > 0);
  const fig = field('figure');
  const chosen = fig.value;
  // In a history, a figure that moves on after a scoring (the wagon) may
  // have its move recorded on the last turn.
  const moving = isHistory() ? kinds.filter((k) => k.moves) : [];
  // The acts the mechanics in play take, on the last turn.
  const acts = isHistory() ? (S.view && S.view.acts) || [] : [];
  fig.replaceChildren(
    ...kinds.map((k) => el('option', {
      value: k.name,
      text: k.name === 'big' ? 'big follower' : k.name,
    })),
    ...moving.map((k) => el('option', { value: MOVE + k.name, text: `${k.name}'s move (last turn)` })),
    ...acts.map((a) => el('option', { value: ACT + a.name, text: a.menu })),
  );
  const values = kinds.map((k) => k.name).concat(moving.map((k) => MOVE + k.name), acts.map((a) => ACT + a.name));
  fig.value = values.includes(chosen) ? chosen : 'follower';
  $('rot').textContent = S.rot + '°';
  $('history-box').hidden = !isHistory();
  field('final').checked = S.model.final === true;
}

function renderPalette() {
  const pal = $('palette');
  pal.replaceChildren();
  for (const t of S.view.palette) {
    const b = el('button', {
      type: 'button', class: 'tile-pick' + (t.left === 0 ? ' spent' : ''),
      'data-palette-tile': t.tile, 'aria-pressed': S.pick === t.tile ? 'true' : 'false',
      role: 'option', 'aria-selected': S.pick === t.tile ? 'true' : 'false',
      title: `${t.tile} (${t.set}): ${t.left} of ${t.count} left`,
      onclick: () => choose(S.pick === t.tile ? null : t.tile),
    }, tileImage(t.tile, 0, t.set), el('span', { class: 'id', text: t.tile }), el('span', { class: 'count', text: `${t.left}/${t.count}` }));
    pal.append(b);
  }
}

async function choose(id) {
  S.pick = id;
  S.rot = 0;
  busy(1);
  try { await findMoves(); } finally { busy(-1); }
  // Start from a rotation that fits somewhere.
  if (S.moves && S.moves.moves.length) S.rot = S.moves.moves[0].rot;
  render();
  hint();
}

function hint() {
  let h = '';
  if (S.step !== null) h = 'Showing the board, the totals and the breakdown after turn ' + S.step + '; End returns to the whole record.';
  else if (S.pick && S.moves) {
    const n = S.moves.moves.length;
    h = n ? `${S.pick} fits ${n} way${n === 1 ? '' : 's'}: click a blue square (${touch() ? '⟳ Rotate' : 'R'} turns it). A square elsewhere places it anyway, and the verdict says why it breaks a rule.`
      : `${S.pick} fits nowhere now: it may be discarded.`;
  } else if (field('figure').value.startsWith(ACT) && isHistory()) {
    h = (chosenAct() || { hint: '' }).hint;
  } else if (field('figure').value.startsWith(MOVE) && isHistory()) {
    const to = moveTargets();
    const name = field('figure').value.slice(MOVE.length);
    const owners = [...new Set(to.map((s) => s.player))];
    const where = owners.map((p) => `${p}'s ${name} may go to ` + to.filter((s) => s.player === p)
      .map((s) => `${s.at.join(',')} ${s.location} (${s.kind})`).join(', '));
    h = to.length
      ? `After the last turn's scoring, ${where.join('; ')}: click a marked square, then its dot.`
      : `No ${name} is waiting to move after the last turn's scoring.`;
  } else if (S.chosen) {
    h = 'Click a dot to put a figure there (again to take it away); '
      + (touch() ? '⟳ Rotate turns the tile.' : 'R turns the tile, Delete removes it.');
  } else h = 'Choose a tile among the tiles to place, or click a tile on the board.';
  // On a touch screen the hint speaks of taps, and of no key.
  if (touch()) h = h.replace(/\bClick\b/g, 'Tap').replace(/\bclick\b/g, 'tap');
  $('hint').textContent = h;
}

/** Whether the page is used by touch (a phone at the table), not a mouse. */
function touch() {
  return window.matchMedia('(pointer: coarse)').matches;
}

function key(x, y) { return x + ',' + y; }

function legalAt(x, y) {
  if (!S.moves) return [];
  return S.moves.moves.filter((m) => m.at[0] === x && m.at[1] === y);
}

function renderBoard() {
  const board = $('board');
  const hadFocus = board.contains(document.activeElement) && !document.activeElement.classList.contains('spot');
  const tiles = S.view.tiles;
  const byPos = new Map(tiles.map((t) => [key(t.at[0], t.at[1]), t]));
  const marks = new Set((S.view.marks || []).map((m) => key(m[0], m[1])));
  const bad = badSquares();
  let xs = tiles.map((t) => t.at[0]), ys = tiles.map((t) => t.at[1]);
  for (const m of S.view.marks || []) { xs.push(m[0]); ys.push(m[1]); }
  if (!xs.length) { xs = [0]; ys = [0]; }
  const minX = Math.min(...xs) - 1, maxX = Math.max(...xs) + 1;
  const minY = Math.min(...ys) - 1, maxY = Math.max(...ys) + 1;
  board.style.gridTemplateColumns = `repeat(${maxX - minX + 1}, var(--sq))`;
  const outlined = new Set();
  if (S.outline) {
    for (const t of tiles) if (t.spots.some((s) => s.feature === S.outline)) outlined.add(key(t.at[0], t.at[1]));
    const ev = (S.score.events || []).find((e) => e.feature.name === S.outline);
    if (ev) for (const p of ev.feature.tiles) outlined.add(key(p[0], p[1]));
  }
  // Towers: their height, and the follower on top.
  const stacks = new Map((S.view.stacks || []).map((s) => [key(s.at[0], s.at[1]), s]));
  const badges = new Map();
  for (const b of S.view.badges || []) {
    const k = key(b.at[0], b.at[1]);
    badges.set(k, [...(badges.get(k) || []), b]);
  }
  const figs = new Map();
  for (const f of S.view.figures) {
    const k = key(f.at[0], f.at[1]);
    if (!figs.has(k)) figs.set(k, []);
    figs.get(k).push(f);
  }
  for (const f of S.view.refused || []) {
    const k = key(f.at[0], f.at[1]);
    if (!figs.has(k)) figs.set(k, []);
    figs.get(k).push({ ...f, refused: true, figure: 'refused' });
  }
  // In a figure's move mode, the squares and spots it may move to.
  const targets = new Map();
  for (const s of moveTargets()) {
    const k = key(s.at[0], s.at[1]);
    if (!targets.has(k)) targets.set(k, []);
    targets.get(k).push(s);
  }
  const squares = [];
  for (let y = maxY; y >= minY; y--) {
    for (let x = minX; x <= maxX; x++) {
      const k = key(x, y);
      const t = byPos.get(k);
      const legal = !t && legalAt(x, y).length > 0;
      const near = !t && [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => byPos.has(key(x + dx, y + dy)));
      const cls = ['sq'];
      if (legal) cls.push('legal');
      else if (near) cls.push('frontier');
      if (S.cursor && S.cursor[0] === x && S.cursor[1] === y) cls.push('cursor');
      if (S.chosen && S.chosen[0] === x && S.chosen[1] === y && t) cls.push('selected');
      if (outlined.has(k)) cls.push('outlined');
      if (targets.has(k)) cls.push('target');
      if (marks.has(k) || bad.has(k)) cls.push('bad');
      const sq = el('div', {
        class: cls.join(' '), role: 'gridcell', 'data-x': x, 'data-y': y,
        'data-tile': t ? t.tile : null, 'data-rot': t ? t.rot : null,
        'data-target': targets.has(k) ? targets.get(k).map((s) => s.location).join(' ') : null,
        tabindex: S.cursor && S.cursor[0] === x && S.cursor[1] === y ? '0' : '-1',
        'aria-label': t ? `${t.tile} at ${x},${y} turned ${t.rot}°` : `empty square ${x},${y}${legal ? ', the chosen tile fits' : ''}`,
        onclick: () => clickSquare(x, y),
        onmouseenter: () => preview(x, y, true),
        onmouseleave: () => preview(x, y, false),
      });
      if (t) {
        sq.append(tileImage(t.tile, t.rot));
        for (const f of figs.get(k) || []) {
          const label = f.figure === 'follower' || f.refused ? f.player : `${f.player} ${f.figure}`;
          const dot = el('span', { class: 'fig' + (f.refused ? ' refused' : ''), text: label, title: `${f.player}'s ${f.figure === 'refused' ? 'follower, refused by the rules' : f.figure} on ${f.location}` });
          dot.style.left = f.point[0] * 100 + '%';
          dot.style.top = f.point[1] * 100 + '%';
          dot.style.background = f.refused ? '#fff' : colourOf(f.player);
          dot.style.color = textOn(colourOf(f.player));
          if (companion(f.figure)) { dot.style.marginLeft = '14px'; dot.style.marginTop = '10px'; }
          sq.append(dot);
        }
        // The neutral figures: the dragon, the fairy (beside its follower).
        for (const n of (S.view.neutrals || []).filter((n) => n.at[0] === x && n.at[1] === y)) {
          const mark = el('span', {
            class: 'neutral ' + n.name, 'data-neutral': n.name,
            text: n.name,
            title: n.name === 'dragon' ? 'the dragon' : (n.beside ? `the fairy, beside ${n.beside.player}'s ${n.beside.figure} on ${n.beside.spot}` : 'the fairy, beside nobody'),
          });
          sq.append(mark);
        }
        for (const b of badges.get(k) || []) {
          // What a mechanic keeps on the tile: a castle, a flock, the Count.
          const mark = el('span', {
            class: 'mark-badge', 'data-badge': b.label, 'data-player': b.player || '',
            text: b.label, title: b.player ? `${b.label} (${b.player})` : b.label,
          });
          if (b.player) mark.style.borderColor = colourOf(b.player);
          sq.append(mark);
        }
        const stack = stacks.get(k);
        if (stack) {
          const on = stack.player ? ` · ${stack.player}${stack.figure === 'follower' ? '' : ' ' + stack.figure} on top` : '';
          const badge = el('span', {
            class: 'stack', 'data-height': stack.height, 'data-top': stack.player || '',
            text: `▲${stack.height}` + (stack.player ? ' ' + stack.player : ''),
            title: `a tower of height ${stack.height}${on}`,
          });
          if (stack.player) {
            badge.style.background = colourOf(stack.player);
            badge.style.color = textOn(colourOf(stack.player));
          }
          sq.append(badge);
        }
        if (bad.has(k)) {
          sq.setAttribute('data-diagnostic', bad.get(k).map((d) => d.code).join(' '));
          sq.title = bad.get(k).map((d) => d.message).join('\n');
          sq.append(el('span', { class: 'badge', 'data-diagnostic': bad.get(k)[0].code, text: bad.get(k)[0].code.split('::').pop() }));
        }
        const selected = field('figure').value;
        if (S.chosen && S.chosen[0] === x && S.chosen[1] === y && S.step === null && onCorner(selected)) {
          // A corner figure (a barn) goes on a corner point of the tile.
          for (const [loc, cx, cy] of CORNERS) {
            const b = el('button', {
              type: 'button', class: 'spot corner', 'data-spot': loc, 'data-kind': 'corner', text: loc,
              'aria-label': `corner ${loc}`, title: `the corner point ${loc}`,
              onclick: (ev) => { ev.stopPropagation(); putFigure(t, loc); },
            });
            b.style.left = cx * 100 + '%';
            b.style.top = cy * 100 + '%';
            sq.append(b);
          }
        } else if (S.chosen && S.chosen[0] === x && S.chosen[1] === y && S.step === null) {
          // The square grows while its spots are offered, so that a
          // finger can tell them apart; they never overlap at any size.
          const side = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--sq')) || 72;
          sq.classList.add('choosing');
          sq.style.transform = `scale(${Math.max(1, 120 / side).toFixed(3)})`;
          const here = targets.get(k) || [];
          for (const s of t.spots) {
            const aim = here.some((m) => m.location === s.location);
            const b = el('button', {
              type: 'button', class: 'spot' + (aim ? ' target' : ''), 'data-spot': s.location, 'data-kind': s.kind, text: s.location,
              'aria-label': `${s.kind} at ${s.location}`,
              title: `${s.kind} ${s.location}: ${s.feature || ''}`,
              onclick: (ev) => { ev.stopPropagation(); putFigure(t, s.location); },
              onmouseenter: () => point(s.feature), onfocus: () => point(s.feature),
              onmouseleave: () => point(null),
            });
            b.style.left = s.point[0] * 100 + '%';
            b.style.top = s.point[1] * 100 + '%';
            sq.append(b);
          }
        }
      }
      squares.push(sq);
    }
  }
  board.replaceChildren(...squares);
  if (hadFocus) focusCursor();
}


// Squares whose placement a diagnostic points at: by the line of the
// record it names.
function badSquares() {
  const out = new Map();
  if (!S.score || !S.model) return out;
  const listKey = isHistory() ? 'turns' : 'board';
  const list = isHistory() ? S.model.turns || [] : S.model.board || [];
  const starts = entryLines(S.text, listKey);
  for (const d of S.score.diagnostics || []) {
    if (!d.line || d.class === 'warning') continue;
    const line = d.line - 1;
    let i = -1;
    for (let j = 0; j < starts.length; j++) if (starts[j] <= line) i = j;
    const entry = i >= 0 ? list[i] : null;
    if (!entry || !Array.isArray(entry.at)) continue;
    const k = key(entry.at[0], entry.at[1]);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(d);
  }
  return out;
}

function preview(x, y, on) {
  if (!S.pick || S.step !== null) return;
  const sq = one(`#board .sq[data-x="${x}"][data-y="${y}"]`);
  if (!sq || sq.dataset.tile) return;
  sq.querySelector('img.ghost-img')?.remove();
  sq.classList.toggle('ghost', on);
  if (on) {
    const img = tileImage(S.pick, rotationAt(x, y));
    img.classList.add('ghost-img');
    sq.append(img);
  }
}

// The rotation a click would place the chosen tile with: the one shown
// (R), if it fits there, else the first that fits.
function rotationAt(x, y) {
  const fits = legalAt(x, y).map((m) => m.rot);
  return fits.length && !fits.includes(S.rot) ? fits[0] : S.rot;
}

/**
 * Records an act of the last turn that names a tile, not a spot: a tile
 * itself, the figure on top of its stack, a step of a neutral figure.
 * Returns whether the act `name` is made so.
 * @param {string} name
 */
function actOnTile(name, x, y) {
  const act = actNamed(name);
  if (!act) return false;
  if (act.pick === 'tile') { recordAct(act, { at: [x, y] }); return true; }
  if (act.pick === 'step') { neutralStep(act, x, y); return true; }
  const stack = (S.view.stacks || []).find((s) => s.at[0] === x && s.at[1] === y);
  if (act.pick === 'spot' && act.top && stack && stack.player) {
    const v = { at: [x, y], spot: act.top };
    if (act.owner) v.player = stack.player;
    if (act.figure && stack.figure && stack.figure !== 'follower') v.figure = stack.figure;
    recordAct(act, v);
    return true;
  }
  return false;
}

function clickSquare(x, y) {
  S.cursor = [x, y];
  const t = S.view.tiles.find((t) => t.at[0] === x && t.at[1] === y);
  const mode = field('figure').value;
  if (t && S.step === null && mode.startsWith(ACT) && actOnTile(mode.slice(ACT.length), x, y)) return;
  if (t) {
    S.chosen = S.chosen && S.chosen[0] === x && S.chosen[1] === y ? null : [x, y];
    S.pick = null; S.moves = null;
    render(); hint();
    focusCursor();
    return;
  }
  if (S.step !== null) { S.step = null; refresh(); return; }
  if (!S.pick) { render(); focusCursor(); return; }
  place(S.pick, x, y, rotationAt(x, y));
}

// A tile drawn is placed once: the tile placed is then the one chosen, to
// turn (R) or to put a figure on.
function place(id, x, y, rot) {
  S.chosen = [x, y];
  S.pick = null;
  S.moves = null;
  const entry = { tile: id, at: [x, y] };
  if (rot) entry.rot = rot;
  change((m) => {
    if (isHistory()) turns().push(entry);
    else (m.board || (m.board = [])).push(entry);
  });
  hint();
}

// The record entry that put the tile at [x, y] on the board.
function entryAt(x, y) {
  const list = isHistory() ? S.model.turns || [] : S.model.board || [];
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i];
    if (e && Array.isArray(e.at) && e.at[0] === x && e.at[1] === y) return { list, i, e };
  }
  return null;
}

/**
 * Where the figures of kind `name` that the last turn's scoring sent home
 * may still go, as the verdict names them (`stayed` notes with `to`), when
 * the figure menu is on that figure's move; otherwise none.
 */
function moveTargets() {
  const figure = field('figure').value;
  if (!figure.startsWith(MOVE) || !isHistory() || S.step !== null) return [];
  const name = figure.slice(MOVE.length);
  const turn = turns().length;
  return stayed(turn, name).flatMap((n) => (n.to || []).map((s) => ({ ...s, player: n.player, figure: name })));
}

/** @typedef {Extract<import('./api').Score.NoteJson1, { note: 'stayed' }> & import('./api').Score.NoteJson} Stayed */

/**
 * The notes of turn `turn`'s scoring that sent a figure `name` home, where
 * it may move on from (a wagon).
 * @param {number} turn
 * @param {string} name
 * @returns {Stayed[]}
 */
function stayed(turn, name) {
  /** @type {Stayed[]} */
  const out = [];
  for (const n of S.score.notes || []) {
    if (n.turn === turn && n.note === 'stayed' && n.figure === name) out.push(n);
  }
  return out;
}

/** Records (or takes back) a move of a figure after the last turn's scoring: `wagon: [...]`. */
function moveFigure(name, t, loc) {
  const list = turns();
  const last = list[list.length - 1];
  if (!last || !last.tile) { $('hint').textContent = `A ${name} moves on after the scoring of the last turn, which places a tile.`; return; }
  // The owner: the player whose figure of that kind the last turn's scoring sent home.
  const home = stayed(list.length, name);
  const player = home.length ? home[0].player : (last.player || null);
  change(() => {
    const moves = Array.isArray(last[name]) ? last[name] : last[name] ? [last[name]] : [];
    const i = moves.findIndex((m) => m.at && m.at[0] === t.at[0] && m.at[1] === t.at[1] && String(m.spot).toUpperCase() === loc.toUpperCase());
    if (i >= 0) moves.splice(i, 1);
    else {
      const m = { at: [t.at[0], t.at[1]], spot: loc };
      if (player) m.player = player;
      moves.push(m);
    }
    if (moves.length) last[name] = moves; else delete last[name];
  });
}

function putFigure(t, loc) {
  const [x, y] = t.at;
  const figure = field('figure').value;
  if (figure.startsWith(MOVE)) { moveFigure(figure.slice(MOVE.length), t, loc); return; }
  // An act on a spot of any tile: what stands there, as the board shows
  // it, is written when the act says so.
  const act = chosenAct();
  if (act && act.pick === 'spot') {
    const f = (S.view.figures || []).find((f) => f.at[0] === x && f.at[1] === y && String(f.location).toUpperCase() === loc.toUpperCase());
    const v = { at: [x, y], spot: loc };
    if (act.owner && f) v.player = f.player;
    if (act.figure && f && f.figure !== 'follower') v.figure = f.figure;
    recordAct(act, v);
    return;
  }
  // Any other act names a tile, or a player (a ransom): a click on a dot
  // is a click on its tile, and never writes the menu's value as a figure.
  if (figure.startsWith(ACT)) {
    if (!actOnTile(figure.slice(ACT.length), x, y)) hint();
    return;
  }
  if (isHistory()) {
    const found = entryAt(x, y);
    if (!found) { $('hint').textContent = 'The start tile holds no follower: followers go on the tile just placed.'; return; }
    change(() => {
      const e = found.e;
      if (e.meeple && String(e.meeple).toUpperCase() === loc.toUpperCase() && (e.figure || 'follower') === figure) {
        delete e.meeple; delete e.figure;
      } else {
        e.meeple = loc;
        if (figure === 'follower') delete e.figure; else e.figure = figure;
      }
    });
  } else {
    const player = field('who').value || players()[0];
    change((m) => {
      const list = m.meeples || (m.meeples = []);
      const i = list.findIndex((f) => f.at && f.at[0] === x && f.at[1] === y && String(f.spot).toUpperCase() === loc.toUpperCase() && f.player === player);
      if (i >= 0) list.splice(i, 1);
      else {
        const f = { player, at: [x, y], spot: loc };
        if (figure !== 'follower') f.figure = figure;
        list.push(f);
      }
    });
  }
}

function rotateChosen() {
  if (S.pick) {
    S.rot = (S.rot + 90) % 360;
    $('rot').textContent = S.rot + '°';
    render();
    return;
  }
  if (!S.chosen) return;
  const found = entryAt(S.chosen[0], S.chosen[1]);
  if (!found) return;
  change(() => {
    const r = ((found.e.rot || 0) + 90) % 360;
    if (r) found.e.rot = r; else delete found.e.rot;
  });
}

function removeChosen() {
  if (!S.chosen) return;
  const found = entryAt(S.chosen[0], S.chosen[1]);
  if (!found) return;
  S.chosen = null;
  change((m) => {
    found.list.splice(found.i, 1);
    if (!isHistory() && m.meeples) m.meeples = m.meeples.filter((f) => !(f.at && f.at[0] === found.e.at[0] && f.at[1] === found.e.at[1]));
  });
}

// Outlines a feature: the squares of its tiles, and a ring on its part of
// each (not a redraw: the element under the pointer stays).
function point(feature) {
  S.outline = feature;
  for (const sq of all('#board .sq')) sq.classList.remove('outlined');
  for (const m of all('#board .fmark')) m.remove();
  for (const li of all('#events li[data-feature]')) li.classList.toggle('on', li.dataset.feature === feature);
  if (!feature) { $('feature-info').textContent = ''; return; }
  const squares = new Set();
  for (const t of S.view.tiles) {
    const parts = t.spots.filter((s) => s.feature === feature);
    if (!parts.length) continue;
    squares.add(key(t.at[0], t.at[1]));
    const sq = one(`#board .sq[data-x="${t.at[0]}"][data-y="${t.at[1]}"]`);
    for (const s of parts) {
      const ring = el('span', { class: 'fmark', 'aria-hidden': 'true' });
      ring.style.left = s.point[0] * 100 + '%';
      ring.style.top = s.point[1] * 100 + '%';
      sq?.append(ring);
    }
  }
  const events = (S.score.events || []).filter((e) => e.feature.name === feature);
  for (const e of events) for (const p of e.feature.tiles) squares.add(key(p[0], p[1]));
  for (const k of squares) {
    const [x, y] = k.split(',');
    one(`#board .sq[data-x="${x}"][data-y="${y}"]`)?.classList.add('outlined');
  }
  const info = $('feature-info');
  info.replaceChildren(el('strong', { text: feature + ': ' }));
  if (!events.length) info.append('has not scored' + (S.score.ended ? '.' : ' yet.'));
  for (const e of events) info.append(el('div', { text: describe(e) }));
}

function describe(e) {
  const pts = Object.entries(e.points || {}).map(([p, n]) => `${p} ${n}`).join(', ') || 'nobody scores';
  const when = e.phase === 'turn' ? `turn ${e.turn}` : e.phase === 'final' ? 'end of game' : e.phase;
  return `${when}: ${pts} (${e.rule})`;
}

function renderTotals() {
  const box = $('totals');
  box.replaceChildren();
  const winners = S.score.winners || [];
  for (const p of players()) {
    const sw = el('span', { class: 'swatch' });
    sw.style.background = colourOf(p);
    // The prisoners a player holds (The Tower).
    const held = ((S.view && S.view.held) || []).filter((h) => h.by === p);
    const holds = held.length
      ? el('small', { 'data-held-by': p, text: 'holds ' + held.map((h) => `${h.owner}'s ${h.figure}`).join(', ') })
      : null;
    // An act that names a player (a ransom): a click on the player.
    const act = chosenAct();
    const names = act && act.pick === 'player' && act.field ? act : null;
    box.append(el('div', {
      class: 'total' + (names ? ' payee' : ''), 'data-player': p,
      onclick: names ? () => recordAct(names, { [names.field || '']: p }) : null,
    }, sw, el('span', { text: p }), winners.includes(p) && S.score.ended ? el('small', { text: 'wins' }) : null,
      holds, el('b', { 'data-total-player': p, text: String(S.score.totals[p] ?? 0) })));
  }
  if (S.score.preview && !S.score.ended) {
    const t = Object.entries(S.score.preview.totals || {}).map(([p, n]) => `${p} ${n}`).join(', ');
    box.append(el('small', { text: `if the game ended now: ${t}` }));
  }
}

function showDiagnostics(list) {
  const ul = $('diagnostics');
  ul.replaceChildren();
  if (!list.length) ul.append(el('li', { class: 'none', text: 'none: every placement follows the rules' }));
  for (const d of list) {
    ul.append(el('li', {
      class: d.class, 'data-diagnostic': d.code, tabindex: '0',
      onclick: () => showLine(d.line), onkeydown: (ev) => { if (ev.key === 'Enter') showLine(d.line); },
    }, el('code', { text: d.code }), ' ', d.line ? `line ${d.line}: ` : '', d.message, d.help ? el('span', { class: 'help', text: d.help }) : null));
  }
}

function showLine(line) {
  if (!line) return;
  const ta = field('record');
  const lines = ta.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  ta.closest('details').open = true;
  ta.focus();
  ta.setSelectionRange(start, start + (lines[line - 1] || '').length);
}

function renderTurns() {
  const ol = $('turns');
  ol.replaceChildren();
  if (!isHistory()) return;
  const list = turns();
  list.forEach((t, i) => {
    const moved = ((S.view && S.view.figure_kinds) || []).filter((k) => k.moves && t[k.name])
      .map((k) => ` · ${k.name} moves to ` + [].concat(t[k.name]).map((m) => `${(m.at || []).join(',')} ${m.spot}`).join(', '))
      .join('');
    const place = (p) => (p && typeof p === 'object' ? `${(p.at || []).join(',')} ${p.spot || ''}`.trim() : String(p));
    // The acts of the mechanics in play, each in its own words.
    const said = (a, v) => (Array.isArray(v) ? v.map((e) => (e && typeof e === 'object' && !Array.isArray(e) && a.field ? String(e[a.field] ?? '') : e)).join(' ')
      : v && typeof v === 'object' && a.field ? String(v[a.field]) : place(v));
    const acts = ((S.view && S.view.acts) || []).filter((a) => a.summary && t[a.writes] !== undefined)
      .map((a) => ` · ${a.summary} ${said(a, t[a.writes])}`).join('');
    const words = t.discard ? `discard ${t.discard}` : `${t.tile} at ${(t.at || []).join(',')}${t.rot ? ' ' + t.rot + '°' : ''}${t.meeple ? ' · ' + (t.figure || 'follower') + ' ' + place(t.meeple) : ''}${acts}${moved}`;
    const li = el('li', {
      class: S.step === null ? '' : i + 1 === S.step ? 'current' : i + 1 > S.step ? 'later' : '',
      'data-turn': i + 1,
    },
    el('span', { text: (t.player ? t.player + ': ' : '') + words }),
    el('button', { type: 'button', text: 'show', 'aria-label': `Show the board after turn ${i + 1}`, onclick: () => stepTo(i + 1) }),
    el('button', { type: 'button', text: '↑', 'aria-label': `Move turn ${i + 1} up`, disabled: i === 0, onclick: () => change(() => list.splice(i - 1, 0, ...list.splice(i, 1))) }),
    el('button', { type: 'button', text: '↓', 'aria-label': `Move turn ${i + 1} down`, disabled: i === list.length - 1, onclick: () => change(() => list.splice(i + 1, 0, ...list.splice(i, 1))) }),
    el('button', { type: 'button', text: '✕', 'aria-label': `Delete turn ${i + 1}`, onclick: () => change(() => list.splice(i, 1)) }));
    ol.append(li);
  });
  $('step').textContent = S.step === null ? `${list.length} turn${list.length === 1 ? '' : 's'}` : `after turn ${S.step} of ${list.length}`;
}

function stepTo(n) {
  const len = turns().length;
  S.step = n === null || n >= len ? null : Math.max(0, n);
  S.chosen = null;
  refresh().then(hint);
}

function renderEvents() {
  const ol = $('events');
  ol.replaceChildren();
  const events = S.score.events || [];
  if (!events.length) ol.append(el('li', { text: 'nothing has scored yet' }));
  for (const e of events) {
    const li = el('li', {
      tabindex: '0', class: S.outline === e.feature.name ? 'on' : '', 'data-feature': e.feature.name,
      onmouseenter: () => point(e.feature.name), onfocus: () => point(e.feature.name),
      onmouseleave: () => point(null), onblur: () => point(null),
    }, el('strong', { text: e.feature.name }), ' ', el('span', { text: describe(e), class: 'why' }));
    ol.append(li);
  }
}

function renderCompare() {
  const box = $('compare');
  box.replaceChildren();
  const c = S.compare;
  if (!c) return;
  const head = el('tr', {}, el('th', { text: 'ruleset' }), ...c.players.map((p) => el('th', { text: p })));
  const rows = c.rulesets.map((r) => el('tr', {}, el('td', { text: r }), ...c.players.map((p) => el('td', { text: String(c.totals[r][p]) }))));
  box.append(el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)));
  for (const d of c.differences || []) {
    box.append(el('p', { text: `${d.feature}: differs by ${d.toggles.join(', ')}` }));
  }
}

function renderStatus() {
  const v = S.view;
  let s = `${v.tiles.length} tile${v.tiles.length === 1 ? '' : 's'}`;
  if (v.mode === 'history') s += v.ended ? ' · game over' : ` · ${v.to_play} to play`;
  else s += ' · the board as it lies';
  $('status').textContent = s;
}

function focusCursor() {
  if (!S.cursor) return;
  one(`#board .sq[data-x="${S.cursor[0]}"][data-y="${S.cursor[1]}"]`)?.focus();
}

// ---------------------------------------------------------------- keys

document.addEventListener('keydown', (ev) => {
  const t = /** @type {HTMLElement} */ (ev.target);
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 'z') { ev.preventDefault(); undo(); return; }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const onBoard = t.closest && t.closest('#board');
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (onBoard && moves[ev.key]) {
    ev.preventDefault();
    const [dx, dy] = moves[ev.key];
    const c = S.cursor || [0, 0];
    S.cursor = [c[0] + dx, c[1] + dy];
    const sq = one(`#board .sq[data-x="${S.cursor[0]}"][data-y="${S.cursor[1]}"]`);
    if (!sq) renderBoard();
    for (const q of all('#board .sq.cursor')) { q.classList.remove('cursor'); q.tabIndex = -1; }
    const now = one(`#board .sq[data-x="${S.cursor[0]}"][data-y="${S.cursor[1]}"]`);
    if (now) { now.classList.add('cursor'); now.tabIndex = 0; now.focus(); }
    return;
  }
  if (onBoard && (ev.key === 'Enter' || ev.key === ' ') && t.classList.contains('sq')) {
    ev.preventDefault();
    clickSquare(Number(t.dataset.x), Number(t.dataset.y));
    return;
  }
  if (ev.key === 'r' || ev.key === 'R') { rotateChosen(); return; }
  if (ev.key === 'Delete' || ev.key === 'Backspace') { if (S.chosen) { ev.preventDefault(); removeChosen(); } return; }
  if (ev.key === 'Escape') { S.pick = null; S.moves = null; S.chosen = null; render(); hint(); return; }
  if (ev.key === '[') stepTo(S.step === null ? turns().length - 1 : S.step - 1);
  if (ev.key === ']') stepTo(S.step === null ? null : S.step + 1);
});

function undo() {
  if (isHistory() && turns().length) change(() => turns().pop());
  else if (!isHistory() && (S.model.board || []).length) change((m) => m.board.pop());
}

// ---------------------------------------------------------------- controls

function wire() {
  $('record').addEventListener('input', edited);
  $('rules').addEventListener('change', (ev) => change((m) => { m.rules = target(ev).value; }));
  $('players').addEventListener('change', (ev) => {
    const names = target(ev).value.split(',').map((s) => s.trim()).filter(Boolean);
    if (names.length) change((m) => { m.players = names; });
  });
  $('mode').addEventListener('change', (ev) => toMode(target(ev).value));
  $('rotate').addEventListener('click', rotateChosen);
  // A corner figure shows corner points instead of spots; an act with
  // nothing to click is written as it is chosen.
  $('figure').addEventListener('change', () => {
    const act = chosenAct();
    if (act && act.pick === 'none' && isHistory()) recordAct(act, {});
    renderActForm(); renderBoard(); renderTotals(); hint();
  });
  $('undo').addEventListener('click', undo);
  $('final').addEventListener('change', (ev) => change((m) => { if (target(ev).checked) m.final = true; else delete m.final; }));
  $('first').addEventListener('click', () => stepTo(0));
  $('back').addEventListener('click', () => stepTo(S.step === null ? turns().length - 1 : S.step - 1));
  $('forward').addEventListener('click', () => stepTo(S.step === null ? null : S.step + 1));
  $('last').addEventListener('click', () => stepTo(null));
  $('discard').addEventListener('click', () => {
    if (!S.pick) { $('hint').textContent = 'Choose the tile that fitted nowhere first.'; return; }
    const id = S.pick;
    change(() => turns().push({ discard: id }));
  });
  $('new').addEventListener('click', () => {
    if (S.model && (turns().length || (S.model.board || []).length) && !confirm('Start a new game? The current record is lost unless saved.')) return;
    S.name = 'record.yaml'; S.header = ''; S.pick = null; S.chosen = null; S.files = {}; S.pictures = {};
    S.model = newRecord();
    change(() => {});
  });
  // A record, with the tile sets and rulesets it names by path chosen
  // beside it: each is sent under every name the record gives it.
  $('open').addEventListener('change', async (ev) => {
    busy(1);
    let chosen;
    try {
      chosen = await Promise.all([...target(ev).files].map(async (f) => [f.name, await f.text()]));
    } finally {
      busy(-1);
    }
    target(ev).value = '';
    if (!chosen.length) return;
    const record = chosen.find(([, t]) => /^players\s*:/m.test(t) || /"players"\s*:/.test(t)) || chosen[0];
    const files = {};
    for (const [name, text] of chosen) {
      if (name === record[0]) continue;
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      for (const m of record[1].matchAll(new RegExp('[\\w./-]*' + escaped, 'g'))) {
        if (m[0] === name || m[0].endsWith('/' + name)) files[m[0]] = text;
      }
    }
    load(record[1], record[0], files);
  });
  $('save').addEventListener('click', () => {
    const blob = new Blob([field('record').value], { type: 'text/yaml' });
    const a = /** @type {HTMLAnchorElement} */ (el('a', { href: URL.createObjectURL(blob), download: S.name.replace(/\.(json|jcz)$/i, '.yaml') }));
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('zoom-in').addEventListener('click', () => zoom(1.2));
  $('zoom-out').addEventListener('click', () => zoom(1 / 1.2));
}

function zoom(f) {
  const root = document.documentElement;
  const now = parseFloat(getComputedStyle(root).getPropertyValue('--sq')) || 72;
  root.style.setProperty('--sq', Math.round(Math.min(200, Math.max(32, now * f))) + 'px');
}

function toMode(mode) {
  if ((mode === 'history') === isHistory()) return;
  const v = S.view;
  if (mode === 'snapshot') {
    change((m) => {
      m.board = v.tiles.filter((t) => t.turn !== null).map((t) => (t.rot ? { tile: t.tile, at: t.at, rot: t.rot } : { tile: t.tile, at: t.at }));
      m.meeples = v.figures.map((f) => {
        const e = { player: f.player, at: f.at, spot: f.location };
        if (f.figure !== 'follower') e.figure = f.figure;
        return e;
      });
      delete m.turns; delete m.final;
    });
  } else {
    if ((S.model.meeples || []).length && !confirm('A snapshot does not say who placed which tile: the turns are made from the tiles alone, and the followers are left out. Go on?')) {
      field('mode').value = 'snapshot';
      return;
    }
    change((m) => {
      m.turns = (m.board || []).map((t) => ({ ...t }));
      delete m.board; delete m.meeples; delete m.goods;
    });
  }
}

async function start() {
  S.cursor = [0, 0];
  wire();
  const [rs, ts, init] = await Promise.all([call('/api/rulesets'), call('/api/tilesets'), call('/api/initial')]);
  S.rulesets = rs.json.rulesets;
  S.builtinSets = ts.json.tilesets.map((t) => t.name);
  const sets = $('sets');
  for (const name of S.builtinSets) {
    const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', value: name }));
    box.addEventListener('change', () => change((m) => {
      const now = new Set(m.tilesets || ['base']);
      if (box.checked) now.add(name); else now.delete(name);
      m.tilesets = S.builtinSets.filter((n) => now.has(n));
    }));
    sets.append(el('label', {}, box, ' ' + name));
  }
  if (init.json && init.json.text) {
    load(init.json.text, init.json.name, init.json.files);
  } else {
    S.model = newRecord();
    change(() => {});
  }
  hint();
}

start();

