/**
 * The stack scenario 11 synthesizes with the constructs: one `Flagplane`, project `web` with three
 * environments and a segment, and N Boolean flags configured in every environment like a real stack
 * (enabled in development always, in staging every 2nd flag, in production every 5th), with some targeting:
 * every 10th flag a `TargetedRollout` in production (a segment rule and a conditioned partial rollout),
 * every 25th a `PercentageRollout` in staging, every 100th a prerequisite on the first flag.
 */
import { Flagplane, FlagplaneCli, Project } from '@flagplane/cdktf';

// The names of lib/data-file.mjs and lib/desired-state.mjs, repeated: importing those would load the
// server (and Fastify) into the measured process.
const ORG = 'acme';
const PROJECT = 'web';
const ENVIRONMENTS = ['development', 'staging', 'production'];
const flagKey = (index) => `flag-${String(index).padStart(6, '0')}`;

/** Declares everything in `stack`; returns the `Flagplane` connection (its `wire()` validates and wires). */
export function declareFlagStack(stack, flagCount) {
  // `onPath`: no search for an installed CLI from the scratch directory (it would only warn).
  const flagplane = new Flagplane(stack, 'Flagplane', { organization: ORG, cli: FlagplaneCli.onPath() });
  const web = new Project(stack, 'Web', { flagplane, key: PROJECT, name: 'Web shop' });
  const [development, staging, production] = ENVIRONMENTS.map((key) =>
    web.addEnvironment(key, { key, name: key[0].toUpperCase() + key.slice(1) }),
  );
  const beta = web.addSegment('Beta', { key: 'beta-users', included: ['user-1', 'user-2'] });
  let first;
  for (let index = 0; index < flagCount; index++) {
    const key = flagKey(index);
    const flag = web.addFlag(key, { key, type: 'Boolean', tags: ['bench'] });
    first ??= flag;
    const on = flag.variation('true');
    flag.configure(development, { enabled: true });
    flag.configure(staging, {
      enabled: index % 2 === 0,
      ...(index % 25 === 0
        ? {
            strategy: 'PercentageRollout',
            percentageRollout: [
              { variation: on, weight: 30 },
              { variation: flag.variation('false'), weight: 70 },
            ],
          }
        : {}),
    });
    flag.configure(production, {
      enabled: index % 5 === 0,
      ...(index % 10 === 0
        ? {
            strategy: 'TargetedRollout',
            rules: [
              { variation: on, segment: beta },
              {
                variation: on,
                rolloutPercentage: 25,
                conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'in', values: ['NL'] }] }],
              },
            ],
          }
        : {}),
      ...(index % 100 === 99 ? { prerequisites: [{ flag: first, variation: first.variation('true') }] } : {}),
    });
  }
  return flagplane;
}
