/**
 * `table[key]` for a key that comes from a request (a path segment, a query value, a body field), looking at the
 * table's own entries only: `constructor`, `__proto__`, `toString` and the other names every object inherits are
 * not entries of a table, so they answer undefined like any other unknown key.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
