// Faults beside their fields: each problem the server's check names ({field, message}, the field
// as `memories[3].ja.prompt`) is said under the element whose data-field is that place (or its
// nearest owner: the list, the Sohma), which it describes (aria-describedby; a field is also
// marked aria-invalid). Problems no element holds are returned, to be shown above the form.
import { h } from './dom.js';
import { nextId } from './cardset-editor-schema.js';

/** Show each problem ({field, message}) beside its field; the problems no field holds are
 *  returned (shown above the form). */
export function showProblems(root, problems) {
  for (const el of root.querySelectorAll('.ed-error')) el.remove();
  for (const el of root.querySelectorAll('.ed-has-error')) el.classList.remove('ed-has-error');
  for (const el of root.querySelectorAll('[aria-describedby]')) {
    el.removeAttribute('aria-invalid');
    const kept = (el.getAttribute('aria-describedby') || '').split(' ').filter((x) => x && !x.startsWith('e-'));
    if (kept.length) el.setAttribute('aria-describedby', kept.join(' '));
    else el.removeAttribute('aria-describedby');
  }
  const placed = [];
  const loose = [];
  for (const problem of problems) {
    const holder = holderOf(root, problem.field);
    if (!holder) {
      loose.push(problem);
      continue;
    }
    const id = nextId('e');
    const note = h('p', { class: 'ed-error error', id }, problem.message);
    // A field's fault is said under it and describes its control; a group's (a list, a
    // Sohma) is said under its legend and describes the group.
    const field = holder.classList.contains('ed-field');
    const control = field ? holder.querySelector('[data-path]') : holder;
    if (field) {
      holder.append(note);
      control.setAttribute('aria-invalid', 'true');
    } else {
      const body = holder.querySelector(':scope > .ed-card-body') || holder;
      const legend = body.querySelector(':scope > legend');
      body.insertBefore(note, legend ? legend.nextSibling : body.firstChild);
    }
    control.setAttribute('aria-describedby', `${control.getAttribute('aria-describedby') || ''} ${id}`.trim());
    for (let up = holder; up && up !== root; up = up.parentElement) {
      if (up.tagName === 'DETAILS') up.classList.add('ed-has-error');
    }
    placed.push({ ...problem, id, control });
  }
  return { placed, loose };
}

/** The element that shows a field's faults: the field itself, else its nearest owner. */
export function holderOf(root, field) {
  if (!field) return null;
  let path = field;
  while (path) {
    const el = root.querySelector(`[data-field="${CSS.escape(path)}"]`);
    if (el) return el;
    const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    path = cut > 0 ? path.slice(0, cut) : '';
  }
  return null;
}

/** Open the details that hold a field and focus it. */
export function reveal(root, open, path) {
  const holder = holderOf(root, path);
  if (!holder) return;
  for (let up = holder; up && up !== root; up = up.parentElement) {
    if (up.tagName === 'DETAILS') {
      up.open = true;
      open.add(up.dataset.field);
    }
  }
  const control = holder.matches('[data-path]') ? holder : holder.querySelector('[data-path]');
  (control || holder).scrollIntoView({ block: 'center' });
  if (control) control.focus({ preventScroll: true });
}
