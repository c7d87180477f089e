// @ts-check
// The moderators' page (/moderation): the open reports with their context (the chat lines around
// a reported line), an action on each (warn, mute for a time, ban, or close it), an action on any
// player, and the audit log. Everything comes from /api/moderation/*; a player who is not a
// moderator is told so (the server refuses them anyway).
import './install.js';
import { getJSON, postJSON } from './api.js';
import { h, replace, sentence } from './dom.js';
import { t, translatePage, when } from './i18n.js';
import { pageTools, toast } from './prefs.js';

translatePage();

const el = {
  status: document.getElementById('moderation-status'),
  reports: document.getElementById('moderation-reports'),
  act: document.getElementById('moderation-act'),
  audit: document.getElementById('moderation-audit'),
};
/** The choices of an action, as [value, words key, body]: a mute's length is part of it.
 * @type {Array<[string, string, {action: string, minutes?: number}]>} */
const CHOICES = [
  ['warn', 'moderation.do.warn', { action: 'warn' }],
  ['mute60', 'moderation.do.mute_hour', { action: 'mute', minutes: 60 }],
  ['mute1440', 'moderation.do.mute_day', { action: 'mute', minutes: 1440 }],
  ['mute10080', 'moderation.do.mute_week', { action: 'mute', minutes: 10080 }],
  ['unmute', 'moderation.do.unmute', { action: 'unmute' }],
  ['ban', 'moderation.do.ban', { action: 'ban' }],
  ['unban', 'moderation.do.unban', { action: 'unban' }],
];
const day = (at) => when(at * 1000);
const decode = (text) => new DOMParser().parseFromString(`<p>${text}</p>`, 'text/html').documentElement.textContent;

/** The chat lines around a reported line, the reported one marked. */
function context(report) {
  if (!report.context.length) return null;
  return h('ol', { class: 'chat-list report-context', 'aria-label': t('moderation.context') },
    report.context.map((line) => h('li', { class: line.seq === report.seq ? 'reported' : null },
      h('strong', {}, t('table.chat.from', { name: line.name })), decode(line.text))));
}

/** A form that acts on the player `report` is about (or closes it), or — `withPlayer` — on any
 *  player named in it; `onDone` runs once done. */
function actionForm(idPrefix, withPlayer, onDone, report = null) {
  // A guest's chat line: no account to act on, only the report to close.
  const options = report && !report.account ? [] : CHOICES.map(([value, key]) => h('option', { value }, t(key)));
  if (report) options.push(h('option', { value: 'close' }, t('moderation.do.close')));
  const what = h('select', { id: `${idPrefix}-action`, name: 'action' }, options);
  const reason = h('input', { type: 'text', id: `${idPrefix}-reason`, name: 'reason', maxlength: 500 });
  const player = withPlayer ? h('input', { type: 'text', id: `${idPrefix}-player`, name: 'player', maxlength: 24, required: true }) : null;
  const error = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'btn primary', id: `${idPrefix}-submit` }, t('moderation.do_it'));
  const form = h('form', { class: 'moderation-form', novalidate: true },
    player ? h('div', { class: 'field' }, h('label', { for: `${idPrefix}-player` }, t('moderation.player')), player) : null,
    h('div', { class: 'field-row' },
      h('div', { class: 'field' }, h('label', { for: `${idPrefix}-action` }, t('moderation.action')), what),
      h('div', { class: 'field' }, h('label', { for: `${idPrefix}-reason` }, t('moderation.reason')), reason)),
    error, submit);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    try {
      if (what.value === 'close') {
        await postJSON(`/api/moderation/reports/${report.id}/close`, { reason: reason.value });
      } else {
        const [, , body] = CHOICES.find(([value]) => value === what.value);
        await postJSON('/api/moderation/actions', {
          ...body, reason: reason.value, player: player ? player.value : report.player,
          ...(report ? { report: report.id } : {}) });
      }
      toast(t('moderation.done'));
      await onDone();
    } catch (err) {
      error.textContent = sentence(err.message);
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

function renderReport(report) {
  const about = report.seq !== null ? t('moderation.about_line', { table: report.table }) : t('moderation.about_player');
  return h('article', { class: 'report', id: `report-${report.id}`, 'aria-labelledby': `report-${report.id}-title` },
    h('h3', { id: `report-${report.id}-title` },
      t('moderation.report_title', { id: report.id, player: report.player, reporter: report.reporter })),
    h('p', { class: 'muted small' }, `${day(report.at)} · ${t(`report.reason.${report.reason}`)} · ${about}`,
      report.table ? [' · ', h('a', { href: `/t/${encodeURIComponent(report.table)}` }, t('moderation.open_table'))] : null),
    report.text ? h('blockquote', { class: 'report-text' }, report.text) : null,
    context(report),
    actionForm(`report-${report.id}`, false, load, report));
}

function renderReports(reports) {
  replace(el.reports, h('h2', { id: 'moderation-reports-title' }, t('moderation.reports', { count: reports.length })),
    reports.length ? reports.map(renderReport) : h('p', {}, t('moderation.no_reports')));
  el.reports.hidden = false;
}

function renderAudit(entries) {
  const head = ['moderation.when', 'moderation.who', 'moderation.what', 'moderation.whom', 'moderation.why']
    .map((key) => h('th', { scope: 'col' }, t(key)));
  const rows = entries.map((e) => h('tr', {},
    h('td', {}, day(e.at)), h('td', {}, e.actor), h('td', {}, t(`moderation.did.${e.action}`)),
    h('td', {}, e.target), h('td', {}, e.reason)));
  replace(el.audit, h('h2', { id: 'moderation-audit-title' }, t('moderation.audit')),
    entries.length ? h('table', { class: 'ratings-table', id: 'audit-log' },
      h('caption', {}, t('moderation.audit_caption')), h('thead', {}, h('tr', {}, head)), h('tbody', {}, rows))
      : h('p', {}, t('moderation.no_audit')));
  el.audit.hidden = false;
}

async function load() {
  const [{ reports }, { audit }] = await Promise.all([getJSON('/api/moderation/reports'), getJSON('/api/moderation/audit')]);
  renderReports(reports);
  renderAudit(audit);
}

async function start() {
  pageTools();
  let standing;
  try {
    standing = await getJSON('/api/me/standing');
  } catch {
    el.status.textContent = t('moderation.sign_in');
    return;
  }
  if (standing.role !== 'moderator' && standing.role !== 'admin') {
    el.status.textContent = t('moderation.only_moderators');
    return;
  }
  el.status.textContent = '';
  replace(el.act, h('h2', { id: 'moderation-act-title' }, t('moderation.act_on_player')), actionForm('any', true, load));
  el.act.hidden = false;
  try {
    await load();
  } catch (err) {
    el.status.append(h('span', { class: 'error', role: 'alert' }, err.message));
  }
}

start();
