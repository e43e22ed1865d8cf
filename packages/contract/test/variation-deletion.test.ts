import { describe, expect, it } from 'vitest';
import { type ConfigurationUses, variationDeletionRefusal } from '../src/index.js';

const variationId = 'b5d0c3e4-1111-4a6b-8c9d-000000000001';
const other = 'b5d0c3e4-1111-4a6b-8c9d-000000000002';

const unused = (environmentKey: string): ConfigurationUses => ({
  environmentKey,
  defaultVariationId: other,
  rules: [],
  percentageRollout: null,
});

const subject = (configurations: readonly ConfigurationUses[], extra = {}) => ({
  flagType: 'String',
  variationCount: 3,
  variationId,
  configurations,
  ...extra,
});

describe('variationDeletionRefusal (§8)', () => {
  it('allows a variation nothing serves or expects', () => {
    expect(variationDeletionRefusal(subject([unused('staging'), unused('production')]))).toBeNull();
  });

  it('keeps a Boolean flag its two variations', () => {
    expect(
      variationDeletionRefusal(subject([unused('staging')], { flagType: 'Boolean', variationCount: 2 })),
    ).toBe('Boolean flags keep both of their variations.');
  });

  it("keeps a flag's last variation", () => {
    expect(variationDeletionRefusal(subject([unused('staging')], { variationCount: 1 }))).toBe(
      "It is the flag's last variation.",
    );
  });

  it('names the environments where the variation is served, in their order', () => {
    const refusal = variationDeletionRefusal(
      subject([
        { ...unused('development'), defaultVariationId: variationId },
        { ...unused('staging'), rules: [{ variationId }] },
        {
          ...unused('production'),
          defaultVariationId: variationId,
          percentageRollout: [{ variationId, weight: 40 }],
        },
      ]),
    );
    expect(refusal).toBe(
      'It is the default variation in development, production. Targeting rules serve it in staging. ' +
        'It has a percentage rollout weight above 0 in production.',
    );
  });

  it('lets a rollout weight of 0 go with the variation', () => {
    expect(
      variationDeletionRefusal(
        subject([{ ...unused('staging'), percentageRollout: [{ variationId, weight: 0 }] }]),
      ),
    ).toBeNull();
  });

  it('names the flags whose prerequisites expect it, when the caller knows them', () => {
    expect(variationDeletionRefusal(subject([unused('staging')], { expectedBy: ['zeta', 'alpha'] }))).toBe(
      'It is the expected variation of a prerequisite of "alpha", "zeta".',
    );
  });
});
