/** The README's examples are valid: its desired state and its resource specs pass the contract's validators. */
import { readFileSync } from 'node:fs';
import { type ResourceKind, validateDesiredState, validateResourceSpec } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

function blocks(language: string): string[] {
  return [...readme.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

describe('README.md', () => {
  it('holds a desired state that validates', () => {
    const [yaml] = blocks('yaml');
    expect(validateDesiredState(parse(yaml ?? '')).problems).toBeUndefined();
  });

  it('holds a valid resource spec for every kind', () => {
    const lines = (blocks('json')[0] ?? '').trim().split('\n');
    const specs = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const kinds: ResourceKind[] = ['project', 'environment', 'segment', 'flag', 'sdkKey'];
    expect(specs.map((spec, index) => validateResourceSpec(kinds[index]!, spec).problems)).toEqual(
      kinds.map(() => undefined),
    );
  });
});
