// @ts-check
// Tiny DOM helpers: h() builds HTML elements, s() builds SVG elements.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'text') {
      el.textContent = value;
    } else if (key === 'dataset') {
      for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[k] = v;
    } else if (key === 'style' && typeof value === 'object') {
      Object.assign(el.style, value);
    } else if (value === true) {
      el.setAttribute(key, '');
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h('button', {class: 'x', onclick: f}, 'text', child). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace an element's children. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Make a non-button element act like a button: focusable, Enter/Space activate. */
export function asButton(el, onActivate, label) {
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  if (label) el.setAttribute('aria-label', label);
  el.addEventListener('click', onActivate);
  el.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onActivate(ev);
    }
  });
  return el;
}

/**
 * Re-render without losing keyboard focus: the focused element's data-key is focused again; when it
 * is gone (the card was played), focus moves to `fallback()` if the old focus was inside `region`.
 */
export function keepFocus(render, region, fallback) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const key = active && active.dataset ? active.dataset.key : undefined;
  const inside = region && active && region.contains(active);
  render();
  if (key) {
    const again = /** @type {HTMLElement | null} */ (document.querySelector(`[data-key="${CSS.escape(key)}"]`));
    if (again && !again.hasAttribute('disabled')) {
      if (again !== document.activeElement) again.focus({ preventScroll: true });
      return;
    }
  }
  if (inside && fallback && (!document.activeElement || document.activeElement === document.body)) {
    const next = fallback();
    if (next) next.focus({ preventScroll: true });
  }
}

// Japanese (and Chinese) text has no spaces: a line may end after any of its characters, each a
// square as wide as the font is tall (the room of nearly two Latin letters). A line does not begin
// with closing punctuation or a small kana (they stay with the character before) nor end with an
// opening bracket (it goes with the next), as Japanese typesetting has it.
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3134f}]/u;
const NOT_FIRST = /^[、。，．,.・：；:;？！?!ー〜～…‥）)］\]｝}」』】〕〉》〙〗’”ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻ゝゞヽヾ]/;
const NOT_LAST = /[（(［[｛{「『【〔〈《〘〖‘“]$/;

/** The room a piece of text takes, in Latin letters (a wide character counts 1.8). */
function columns(text) {
  let n = 0;
  for (const ch of text) n += WIDE.test(ch) ? 1.8 : 1;
  return n;
}

/** The pieces a line may break between: {text, space (a space comes before it)}. A word of Latin
 * letters is one piece; wide characters are a piece each, with the punctuation kept beside them. */
function pieces(text) {
  const out = [];
  for (const word of String(text || '').split(/\s+/).filter(Boolean)) {
    let first = true;
    for (const run of word.match(new RegExp(`${WIDE.source}|(?:(?!${WIDE.source})[^])+`, 'gu'))) {
      const last = out[out.length - 1];
      if (!first && last && (NOT_LAST.test(last.text) || NOT_FIRST.test(run))) {
        last.text += run;
      } else {
        out.push({ text: run, space: first });
      }
      first = false;
    }
  }
  return out;
}

/** Split text into lines of at most `width` characters: on spaces, and between the characters of
 * Japanese text (which has none), a wide character counting as nearly two. */
export function wrap(text, width, maxLines = 99) {
  const lines = [];
  let line = '';
  for (const { text: piece, space } of pieces(text)) {
    const joined = line + (space && line ? ' ' : '') + piece;
    if (line && columns(joined) > width) {
      lines.push(line);
      line = piece;
    } else {
      line = joined;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const end = kept[maxLines - 1];
    kept[maxLines - 1] = (WIDE.test([...end].pop()) ? [...end].slice(0, -1).join('') : end.replace(/\s*\S*$/, '')) + '…';
    return kept;
  }
  return lines;
}

/** Text with its first letter made a capital ("end of turn" → "End of turn"). */
export function capital(text) {
  const t = String(text ?? '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Text as a sentence: a capital first letter and a full stop, a Japanese one ("。") after
 *  Japanese text, unless it already ends in one ("wrong name" → "Wrong name."). */
export function sentence(text) {
  const said = capital(String(text ?? '').trim());
  if (!said || /[.!?。！？]$/.test(said)) return said;
  return `${said}${/[\u3040-\u30ff\u4e00-\u9fff]/.test(said) ? '。' : '.'}`;
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : (many || one + 's')}`;
}

/** "Ann", "Ann and Ben", "Ann, Ben and Cat". */
export function listWords(items) {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "player 2" in a server's text replaced by the name of seat 2 ("player 2's" too). */
export function withNames(text, names) {
  return String(text).replace(/\bplayer (\d+)('s)?/g, (m, p, poss) => `${names[Number(p)] ?? m}${poss || ''}`);
}
