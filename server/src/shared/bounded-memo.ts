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
