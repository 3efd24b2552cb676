/**
 * Naming helpers the non-TypeScript emitters share: words of an identifier or a phrase, in the cases each
 * language asks for, and the package names a project's npm name maps to.
 */

/** `getUTXOs` → [get, UTXOs], `eth_getBalance` → [eth, get, Balance], `there is no chain` → [there, is, no, chain]. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** `getUTXOs` → `get_utxos`. */
export function snake(text: string): string {
  const out = words(text).map((w) => w.toLowerCase()).join('_');
  return out === '' ? '_' : /^[0-9]/.test(out) ? `_${out}` : out;
}

/** `get balance`, `getBalance`, `UTXO_set` → `GetBalance`, `GetBalance`, `UTXOSet`. */
export function pascal(text: string): string {
  const out = words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return out === '' ? 'X' : /^[0-9]/.test(out) ? `X${out}` : out;
}

/** Gives each wanted name once: a taken name gets a number (`Block2`). */
export class NameTable {
  private readonly taken = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.taken.add(r);
  }
  claim(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.taken.has(name); i++) name = `${wanted}${i}`;
    this.taken.add(name);
    return name;
  }
  has(name: string): boolean {
    return this.taken.has(name);
  }
}

/**
 * The message of a documented JSON-RPC error as a pattern: its `<placeholders>` stand for any text. Returns
 * the literal parts and the placeholders' positions, for each language's regular expression syntax.
 */
export function messageParts(message: string): string[] {
  return message.split(/<[^<>]*>/);
}

/** `@noderpc/client` → `noderpc-client`: the npm name as a distribution or module name. */
export function plainPackageName(npmName: string): string {
  const out = npmName.replace(/^@/, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
  return out === '' ? 'client' : out;
}
