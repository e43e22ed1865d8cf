import type { ConditionGroup } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import {
  conditionGroupDrafts,
  conditionGroupRows,
  conditionGroupsOf,
  emptyConditionGroup,
} from './condition-groups-draft.js';

const stored: ConditionGroup[] = [
  {
    operator: 'And',
    conditions: [
      { attribute: 'company', operator: 'Equals', values: ['Acme, Inc.', ' padded '], negate: false },
      { attribute: 'note', operator: 'Equals', values: ['two\nlines', ''], negate: true },
    ],
  },
  { operator: 'Or', conditions: [] },
];

describe('the condition groups model shared by rules and segments', () => {
  it('gives the stored groups back unchanged, values the box cannot show included', () => {
    expect(conditionGroupsOf(conditionGroupDrafts(stored))).toEqual(stored);
  });

  it('shows values one a line, and keeps read-only the ones a line cannot hold', () => {
    const [first] = conditionGroupDrafts(stored);
    expect(first?.conditions.map((condition) => [condition.valuesText, condition.keptValues])).toEqual([
      ['Acme, Inc.\n padded ', null],
      ['', ['two\nlines', '']],
    ]);
  });

  it('sends what was typed, one value a line, blank lines left out', () => {
    const group = emptyConditionGroup();
    const [condition] = group.conditions;
    if (!condition) throw new Error('a new group starts with one condition');
    const typed = { ...condition, attribute: 'country', operator: 'In', valuesText: 'DE\n\nAT\n' };
    expect(conditionGroupsOf([{ ...group, operator: 'Or', conditions: [typed] }])).toEqual([
      {
        operator: 'Or',
        conditions: [{ attribute: 'country', operator: 'In', values: ['DE', 'AT'], negate: false }],
      },
    ]);
  });

  it('keeps an operator the list does not know, to send it back as stored', () => {
    const legacy = [
      { operator: 'And', conditions: [{ attribute: 'a', operator: 'Legacy', values: ['x'], negate: false }] },
    ];
    const drafts = conditionGroupDrafts(legacy as unknown as ConditionGroup[]);
    expect(conditionGroupsOf(drafts)).toEqual(legacy);
  });

  it('changes its rows when a row moves, not when one is typed in', () => {
    const drafts = conditionGroupDrafts(stored);
    const rows = JSON.stringify(conditionGroupRows(drafts));
    const [first, second] = drafts;
    if (!first || !second) throw new Error('two groups');
    const typedIn = [
      { ...first, conditions: first.conditions.map((c) => ({ ...c, attribute: 'x' })) },
      second,
    ];
    expect(JSON.stringify(conditionGroupRows(typedIn))).toBe(rows);
    expect(JSON.stringify(conditionGroupRows([second, first]))).not.toBe(rows);
  });
});
