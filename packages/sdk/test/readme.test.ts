/** README.md shows every resource with a call, and its table lists every method of the endpoint table. */
import { readFileSync } from 'node:fs';
import { endpoints } from '@flagplane/contract';
import { describe, expect, test } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = (heading: string) => {
  const start = readme.indexOf(`\n## ${heading}\n`);
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
};

describe('README.md', () => {
  const resources = [...new Set(Object.values(endpoints).map((endpoint) => endpoint.resource))];

  test('calls every resource once in "One call per resource"', () => {
    const calls = section('One call per resource');
    // `client.flags.list(…)`; what an application calls goes through a client holding an SDK key (`app.sdk.…`).
    for (const resource of resources) expect(calls).toMatch(new RegExp(`\\b\\w+\\.${resource}\\.\\w+\\(`));
  });

  test('lists every method of every resource in its table', () => {
    const rows = section('One call per resource')
      .split('\n')
      .filter((line) => line.startsWith('| `client.'));
    for (const endpoint of Object.values(endpoints)) {
      const row = rows.find((line) => line.startsWith(`| \`client.${endpoint.resource}\` |`));
      expect(row, endpoint.resource).toBeDefined();
      expect(row).toContain(`\`${endpoint.verb}(`);
    }
    expect(rows).toHaveLength(resources.length);
  });
});
