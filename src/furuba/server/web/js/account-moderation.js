// @ts-check
// The account page's moderation parts, for a signed-in player: the moderators' warnings and a
// mute (GET /api/me/standing), the players they block with a way to unblock each
// (GET /api/me/blocks), and a link to the moderators' page for moderators and admins.
import { getJSON, sendJSON } from './api.js';
import { h, replace, sentence } from './dom.js';
import { t, when } from './i18n.js';
import { toast } from './prefs.js';

const day = (seconds) => when(seconds * 1000, { dateStyle: 'long' });

/** The panel `id` inside the signed-in part of the page (made the first time). */
function panel(id, before) {
  let found = document.getElementById(id);
  if (!found) {
    found = h('section', { class: 'panel', id, 'aria-labelledby': `${id}-title` });
    const host = document.getElementById('signed-in');
    host.insertBefore(found, before ? host.children[1] || null : null);
  }
  return found;
}

function blockItem(block) {
  const remove = h('button', { type: 'button', class: 'btn small subtle', 'aria-label': t('account.unblock_label', { name: block.name }) },
    t('account.unblock'));
  remove.addEventListener('click', async () => {
    try {
      await sendJSON('DELETE', `/api/me/blocks/${encodeURIComponent(block.name)}`);
      toast(t('player.unblocked', { name: block.name }));
      await renderBlocks();
    } catch (err) {
      toast(sentence(err.message), 'error');
    }
  });
  return h('li', { class: 'passkey-item block-item' },
    h('a', { href: `/players/${encodeURIComponent(block.name)}` }, h('bdi', {}, block.name)),
    h('span', { class: 'muted small' }, t('account.blocked_since', { date: day(block.at) })), remove);
}

async function renderBlocks() {
  const { blocks } = await getJSON('/api/me/blocks');
  replace(panel('account-blocks', false), h('h2', { id: 'account-blocks-title' }, t('account.blocks')),
    h('p', { class: 'muted' }, t('account.blocks_help')),
    h('ul', { class: 'passkey-list', id: 'block-list' },
      blocks.length ? blocks.map(blockItem) : h('li', { class: 'muted' }, t('account.no_blocks'))));
}

async function renderStandingPanel() {
  const standing = await getJSON('/api/me/standing');
  const lines = standing.notices.map((n) => h('li', {}, h('span', { class: 'muted small' }, day(n.at)), ' ', n.text));
  const staff = standing.role === 'moderator' || standing.role === 'admin';
  const old = document.getElementById('account-standing');
  if (!lines.length && !standing.muted_until && !staff) {
    if (old) old.remove();
    return;
  }
  replace(panel('account-standing', true), h('h2', { id: 'account-standing-title' }, t('account.standing')),
    standing.muted_until ? h('p', { class: 'error' }, t('account.muted_until', { date: when(standing.muted_until * 1000) })) : null,
    lines.length ? [h('p', {}, t('account.warnings')), h('ul', { id: 'warning-list' }, lines)] : null,
    staff ? h('p', {}, h('a', { href: '/moderation', id: 'moderation-link' }, t('account.moderation_page'))) : null);
}

/** Show the moderation parts of the account page (signed in). */
export async function renderModeration() {
  await Promise.all([renderBlocks(), renderStandingPanel()]);
}
