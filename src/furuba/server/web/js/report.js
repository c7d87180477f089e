// @ts-check
// Reporting a player or a chat line to the moderators: a small dialog (a reason from a short
// list, optional words) that sends POST /api/reports. Used by the table's chat and a player's page.
import { postJSON } from './api.js';
import { h, sentence } from './dom.js';
import { t } from './i18n.js';

export const REASONS = ['abuse', 'spam', 'cheating', 'name', 'other'];

/**
 * Open the report dialog. `about` is {player} for a player, or {table, seq, name} for a chat line
 * (name: who wrote it, as the page shows it). Resolves true once the report was sent.
 */
export function reportDialog(about) {
  return new Promise((resolve) => {
    const who = about.player || about.name || '';
    const reason = h('select', { id: 'report-reason', name: 'reason', required: true },
      REASONS.map((r) => h('option', { value: r }, t(`report.reason.${r}`))));
    const text = h('textarea', { id: 'report-text', name: 'text', maxlength: 500, rows: 3 });
    const error = h('p', { class: 'error', role: 'alert', id: 'report-error' });
    const send = h('button', { type: 'submit', class: 'btn primary', id: 'report-send' }, t('report.send'));
    const cancel = h('button', { type: 'button', class: 'btn', id: 'report-cancel' }, t('report.cancel'));
    const title = about.seq !== undefined ? t('report.title_line', { name: who }) : t('report.title_player', { name: who });
    const form = h('form', { method: 'dialog', class: 'report-form' },
      h('h2', { id: 'report-title' }, title),
      h('p', { class: 'muted small' }, t('report.help')),
      h('div', { class: 'field' }, h('label', { for: 'report-reason' }, t('report.reason')), reason),
      h('div', { class: 'field' }, h('label', { for: 'report-text' }, t('report.text')), text),
      error, h('div', { class: 'account-actions' }, send, cancel));
    const dialog = h('dialog', { class: 'panel report-dialog', 'aria-labelledby': 'report-title', id: 'report-dialog' }, form);
    const done = (sent) => {
      dialog.close();
      dialog.remove();
      resolve(sent);
    };
    cancel.addEventListener('click', () => done(false));
    dialog.addEventListener('cancel', () => done(false));
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      error.textContent = '';
      send.disabled = true;
      const body = { reason: reason.value, text: text.value.trim() };
      if (about.seq !== undefined) Object.assign(body, { table: about.table, seq: about.seq });
      else body.player = about.player;
      try {
        await postJSON('/api/reports', body);
        done(true);
      } catch (err) {
        error.textContent = sentence(err.message);
        send.disabled = false;
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    reason.focus();
  });
}
