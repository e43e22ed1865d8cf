/** README.md's table of operations is the endpoint table's (scripts/operations-table.mjs --write). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callerOf,
  operationsTable,
  tableEnd,
  tableStart,
  withOperationsTable,
} from '../scripts/operations-table.mjs';
import { endpoints } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README.md', () => {
  it('holds the current table of operations (run `node scripts/operations-table.mjs --write`)', () => {
    expect(readme).toBe(withOperationsTable(readme, operationsTable(endpoints)));
  });

  it('has a row per operation with its method, path, caller (a role or SDK key types) and ✓, and the count', () => {
    const block = readme.slice(readme.indexOf(tableStart), readme.indexOf(tableEnd));
    const rows = block
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(
      Object.entries(endpoints).map(([operationId, endpoint]) => [
        `\`${operationId}\``,
        endpoint.method,
        `\`${endpoint.path}\``,
        callerOf(endpoint),
        endpoint.inDocument ? '✓' : '',
      ]),
    );
    expect(block).toContain(`${rows.length} operations, 20 of them in the API document`);
  });
});
