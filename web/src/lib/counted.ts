const PLURAL = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right number, the count as people read it: "1 redirect",
 * "1,000 redirects", "0 custom hostnames". `other` is the plural where adding "s" is not it.
 */
export function counted(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${PLURAL.select(count) === 'one' ? one : other}`;
}
