/**
 * The variation keys a `flagplane_flag_environment` names, checked at plan time wherever they are known:
 * its own flag's (`default_variation`, `rollout` and `rule` blocks) and each prerequisite's. They are
 * checked against the keys each flag will have after the apply: as its `flagplane_flag` resource planned
 * them in this process (planned-variations.ts), else as the server has them. A flag that neither exists
 * nor is declared here, and a value unknown until apply, are left to the server at apply.
 */
import { attributePath, type Diagnostic } from '../diagnostics.js';
import { blockList } from '../values/access.js';
import {
  liveVariationKeys,
  unknownVariation,
  unknownVariationKeys,
  type VariationKeys,
} from './flag-environment-mapping.js';
import type { ObjectValue, ProviderContext } from './resource.js';

async function variationKeysAfterApply(
  context: ProviderContext,
  project: string,
  flag: string,
): Promise<VariationKeys | undefined> {
  const planned = context.plannedVariations.of(project, flag);
  if (planned === 'unknown') return undefined;
  if (planned) return { flag, keys: planned, declared: true };
  const live = await context.flags.flag(project, flag);
  return live ? liveVariationKeys(live) : undefined;
}

export async function plannedVariationDiagnostics(
  context: ProviderContext,
  planned: ObjectValue,
): Promise<Diagnostic[]> {
  const project = planned.project;
  if (typeof project !== 'string') return [];
  const keysOf = (flag: unknown) =>
    typeof flag === 'string' ? variationKeysAfterApply(context, project, flag) : Promise.resolve(undefined);
  const prerequisites = blockList(planned.prerequisite);
  const [own, ...required] = await Promise.all([
    keysOf(planned.flag),
    ...prerequisites.map((prerequisite) => keysOf(prerequisite.flag)),
  ]);
  const diagnostics = own ? unknownVariationKeys(planned, own) : [];
  prerequisites.forEach(({ variation }, index) => {
    const keys = required[index];
    if (keys && typeof variation === 'string' && !keys.keys.includes(variation)) {
      const path = attributePath('prerequisite', index, 'variation');
      diagnostics.push(unknownVariation(variation, keys, path, 'Prerequisite flag'));
    }
  });
  return diagnostics;
}
