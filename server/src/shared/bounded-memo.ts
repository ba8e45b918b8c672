/**
 * A pure result kept by key in `map`, made by `make` the first time; the map is emptied once it
 * holds `limit`, so a flood of distinct keys costs only the work, never unbounded memory. Results
 * are shared between callers: read only.
 */
export function remembered<K, V>(map: Map<K, V>, limit: number, key: K, make: (key: K) => V): V {
  const known = map.get(key);
  if (known !== undefined || map.has(key)) return known as V;
  if (map.size >= limit) map.clear();
  const made = make(key);
  map.set(key, made);
  return made;
}

const perOwner = new WeakMap<object, Map<string, unknown>>();

/**
 * A result kept for as long as `owner` lives, by key, made by `make` the first time: for answers
 * that hold for one request's query (its selection object) and that its parts would each ask the
 * database for again. Results are shared between callers: read only.
 */
export function rememberedFor<V>(owner: object, key: string, make: () => V): V {
  let known = perOwner.get(owner);
  if (!known) {
    known = new Map();
    perOwner.set(owner, known);
  }
  if (known.has(key)) return known.get(key) as V;
  const made = make();
  known.set(key, made);
  return made;
}
