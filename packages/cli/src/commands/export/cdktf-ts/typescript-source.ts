/** TypeScript source text for values and names, as a person would write them. */

const reserved = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with as implements interface let package private protected public static yield await app stack flagplane'.split(
    ' ',
  ),
);

/** `'it\'s'`: a single-quoted string literal. */
export function stringLiteral(text: string): string {
  const json = JSON.stringify(text).slice(1, -1);
  return `'${json.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A JSON-like value as a TypeScript literal: unquoted keys where they can be, single quotes. */
export function valueLiteral(value: unknown): string {
  if (typeof value === 'string') return stringLiteral(value);
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(valueLiteral).join(', ')}]`;
  const entries = Object.entries(value).filter(([, property]) => property !== undefined);
  if (entries.length === 0) return '{}';
  return `{ ${entries
    .map(
      ([key, property]) =>
        `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : stringLiteral(key)}: ${valueLiteral(property)}`,
    )
    .join(', ')} }`;
}

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
}

/** `new-checkout` → `NewCheckout` (a construct id). */
export function pascalCase(text: string): string {
  const joined = words(text)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return joined === '' ? 'Resource' : joined;
}

/** Hands out names unique within one scope: the first wish if free, else the wish with a number. */
export class UniqueNames {
  private readonly taken = new Set<string>();

  constructor(initial: Iterable<string> = []) {
    for (const name of initial) this.taken.add(name);
  }

  claim(wish: string): string {
    let name = wish;
    for (let suffix = 2; this.taken.has(name); suffix++) name = `${wish}${suffix}`;
    this.taken.add(name);
    return name;
  }

  /** A variable name from words: `web`, `new-checkout` → `webNewCheckout`. */
  variable(...parts: string[]): string {
    const pascal = parts.map(pascalCase).join('');
    let name = pascal.charAt(0).toLowerCase() + pascal.slice(1);
    if (/^[0-9]/.test(name) || reserved.has(name)) name = `_${name}`;
    return this.claim(name);
  }
}
