// @ts-check
// The home page's "Learn to play": a button for each game with a guided first game (GET /api/games
// says which, and each game's title in the page's language). A button starts the game's tutorial
// (POST /api/tutorials/{game}): a private table against normal bots where a coach teaches by doing.
import { h } from './dom.js';
import { t } from './i18n.js';
import { postJSON, saveToken, lastName } from './api.js';
import { describeGames } from './games.js';

const STYLE = '/static/css/tutorial.css';

async function learn(game, button, error) {
  button.disabled = true;
  error.textContent = '';
  try {
    const made = await postJSON(`/api/tutorials/${encodeURIComponent(game.name)}`, { name: lastName() || t('tutorial.coach.name') });
    saveToken(made.id, made.seat, made.token);
    window.location.assign(made.url);
  } catch (err) {
    button.disabled = false;
    error.textContent = err.message;
  }
}

async function main() {
  let described;
  try {
    described = await describeGames();
  } catch {
    return;   // the home page says the server cannot be reached
  }
  const games = (described.games || []).filter((g) => g.tutorial);
  if (!games.length) return;
  if (!document.querySelector(`link[href="${STYLE}"]`)) document.head.append(h('link', { rel: 'stylesheet', href: STYLE }));
  const error = h('p', { class: 'error', role: 'alert', id: 'learn-error' });
  const buttons = games.map((g) => {
    const button = h('button', { type: 'button', class: 'btn primary', 'data-game': g.name, 'data-key': `learn:${g.name}` },
      t('tutorial.home.learn', { game: g.title }));
    button.addEventListener('click', () => learn(g, button, error));
    return button;
  });
  const section = h('section', { id: 'learn', class: 'panel learn', 'aria-labelledby': 'learn-title' },
    h('h2', { id: 'learn-title' }, t('tutorial.home.title')),
    h('p', {}, t('tutorial.home.intro')),
    h('div', { class: 'learn-buttons' }, buttons),
    error);
  const hero = document.querySelector('.hero');
  if (hero) hero.after(section);
  else document.querySelector('main')?.prepend(section);
}

main();
