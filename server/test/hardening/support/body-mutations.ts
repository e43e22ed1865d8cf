/**
 * Near-valid bodies: one change at one location of a valid body (replace a value, remove it, add an
 * extra property, wrap it in an array), so a fuzzer probes each field past the checks before it.
 */
import fc from 'fast-check';
import { weirdString, weirdValue } from './odd-values.js';

type Segment = string | number;

/** Every location inside a JSON value (the root is `[]`). */
export function locationsOf(value: unknown, at: Segment[] = [], into: Segment[][] = []): Segment[][] {
  into.push(at);
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) locationsOf(item, [...at, index], into);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) locationsOf(item, [...at, key], into);
  return into;
}

export type Mutation =
  | { readonly kind: 'replace'; readonly pick: number; readonly value: unknown }
  | { readonly kind: 'remove'; readonly pick: number }
  | { readonly kind: 'extra'; readonly pick: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'wrap'; readonly pick: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: weirdValue }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      pick: fc.nat(),
      key: fc.oneof(weirdString, fc.constantFrom('enable', 'kye', 'typ', 'id', 'createdAt', 'hash')),
      value: weirdValue,
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('wrap' as const), pick: fc.nat() }), weight: 1 },
);

/** A deep copy of `body` with `change` applied at one of its locations (chosen by `pick`). */
export function mutate(body: unknown, change: Mutation): unknown {
  const copy = structuredClone(body);
  const locations = locationsOf(copy);
  const at = locations[change.pick % locations.length] ?? [];
  const parent = at.slice(0, -1).reduce<unknown>((node, segment) => (node as never)[segment], copy);
  const last = at[at.length - 1];
  const target = last === undefined ? copy : (parent as Record<Segment, unknown>)[last];
  const set = (value: unknown) => {
    if (last === undefined) return value;
    (parent as Record<Segment, unknown>)[last] = value;
    return copy;
  };
  switch (change.kind) {
    case 'replace':
      return set(change.value);
    case 'wrap':
      return set([target]);
    case 'remove':
      if (last === undefined) return undefined;
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete (parent as Record<Segment, unknown>)[last];
      return copy;
    case 'extra':
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        Object.defineProperty(target, change.key, { value: change.value, enumerable: true, writable: true });
        return copy;
      }
      return set({ [change.key]: change.value });
  }
}
