// @ts-check
// What the card-set editor's form reads of a JSON Schema: the definition a node stands for, a new
// item's starting value, ids for labels, and the checker's names of a field's places. No game here.

let uid = 0;
export const nextId = (stem) => `${stem}-${(uid += 1)}`;
export const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The definition a schema node stands for, and its name (`Memory`), following `$ref`s. */
export function resolve(root, node) {
  let name = null;
  let out = node || {};
  while (out.$ref) {
    name = out.$ref.split('/').pop();
    out = root.$defs[name];
  }
  return { node: out, name: name || out.title || null };
}

/** A starting value for a schema node: its default, else the least it may hold. */
export function blank(root, node, hints) {
  const { node: n, name } = resolve(root, node);
  if (name && hints.new[name]) return clone(hints.new[name]);
  if (n.default !== undefined) return clone(n.default);
  if (n.const !== undefined) return n.const;
  if (n.oneOf) return blank(root, n.oneOf[0], hints);
  if (n.anyOf) return null;
  if (n.enum) return n.enum[0];
  if (n.type === 'integer' || n.type === 'number') return n.minimum ?? 0;
  if (n.type === 'string') return '';
  if (n.type === 'boolean') return false;
  if (n.type === 'array') return Array.from({ length: n.minItems || 0 }, () => blank(root, n.items, hints));
  if (n.type === 'object') {
    const out = {};
    for (const key of n.required || []) out[key] = blank(root, n.properties[key], hints);
    return out;
  }
  return null;
}

/** The checker's place of each step of `keys` (`path` is the place of the whole of them). */
export function pathsOf(keys, path) {
  // Only the places of the objects on the way matter (to fill them from what is shown); they are
  // the prefixes of `path` ending where a key ends.
  const out = [];
  let at = 0;
  for (const key of keys) {
    const piece = typeof key === 'number' ? `[${key}]` : (at ? `.${key}` : String(key));
    let found = path.indexOf(piece, at);
    if (found < 0) found = at;
    at = found + piece.length;
    out.push(path.slice(0, at));
  }
  return out;
}
