import { describe, expect, it } from 'vitest';
import type { ResolvedRule } from '../desired/resolved-state.js';
import { type KeyedRule, keptRuleIds } from './keyed-configuration.js';

const rule = (variation: string, description: string | null = null): ResolvedRule => ({
  description,
  variation,
  rolloutPercentage: null,
  segment: null,
  conditionGroups: [],
});
const live = (id: string, variation: string): KeyedRule => ({ ...rule(variation), id });

describe('keptRuleIds', () => {
  it('keeps the id of an identical rule wherever it moved', () => {
    expect(keptRuleIds([live('1', 'a'), live('2', 'b')], [rule('b'), rule('a')])).toEqual(['2', '1']);
  });

  it('gives an edited rule the id of the rule at its position, and a new rule none', () => {
    expect(
      keptRuleIds([live('1', 'a'), live('2', 'b')], [rule('a', 'edited'), rule('b'), rule('c')]),
    ).toEqual(['1', '2', undefined]);
  });

  it('never uses one id twice', () => {
    expect(keptRuleIds([live('1', 'a')], [rule('a'), rule('a')])).toEqual(['1', undefined]);
  });
});
