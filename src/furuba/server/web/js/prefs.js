// @ts-check
// Preferences shared by every page: animations on or off (also off when the system asks for less
// motion) and the language, both in the top bar's #page-tools.
import { h } from './dom.js';
import { languageSwitch, t } from './i18n.js';

const KEY = 'furuba:motion';

export function motionOff() {
  const saved = localStorage.getItem(KEY);
  if (saved === 'off') return true;
  if (saved === 'on') return false;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function applyMotion() {
  document.documentElement.classList.toggle('no-motion', motionOff());
  document.documentElement.classList.toggle('motion', localStorage.getItem(KEY) === 'on');
}

/** A checkbox that turns animations off, for the page header. */
export function motionToggle() {
  applyMotion();
  const box = h('input', { type: 'checkbox', id: 'motion-toggle' });
  box.checked = motionOff();
  box.addEventListener('change', () => {
    localStorage.setItem(KEY, box.checked ? 'off' : 'on');
    applyMotion();
  });
  return h('label', { class: 'toggle', for: 'motion-toggle' }, box, ' ', t('page.motion'));
}

/** Fill the top bar's tools (#page-tools, or `slot`): Reduce motion and the language switch. */
export function pageTools(slot = document.getElementById('page-tools')) {
  if (slot) slot.append(motionToggle(), languageSwitch());
}

/** A short message at the bottom of the screen, read out by screen readers. */
export function toast(text, kind = 'info') {
  let box = document.getElementById('toasts');
  if (!box) {
    box = h('div', { id: 'toasts', role: 'status', 'aria-live': 'polite' });
    document.body.append(box);
  }
  const item = h('div', { class: `toast toast-${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 6000 : 3500);
}
