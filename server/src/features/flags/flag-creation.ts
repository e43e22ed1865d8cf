/** A new flag (§8): its variations, its default, and a disabled configuration in every environment. */
import { randomUUID } from 'node:crypto';
import type { OperationInput } from '../../routes/operation-handler.js';
import type { FlagRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { newVariation } from '../variations/variation-record.js';
import { booleanVariations, fallbackDefaultVariation, initialConfiguration } from './flag-defaults.js';

type FlagCreation = OperationInput<'createFlag'>['body'];

/**
 * The record for a creation body the contract has already checked (variation count, values against the
 * type, unique keys and values, `defaultVariationKey` among the keys).
 */
export function newFlag(
  store: Pick<StoreView, 'children'>,
  project: ProjectRecord,
  body: FlagCreation,
  now: string,
): FlagRecord {
  const variations = (body.variations ?? (body.type === 'Boolean' ? booleanVariations : [])).map(
    newVariation,
  );
  const named = variations.find((variation) => variation.key === body.defaultVariationKey);
  const flag: FlagRecord = {
    id: randomUUID(),
    projectId: project.id,
    key: body.key,
    type: body.type,
    name: body.name ?? body.key,
    description: body.description || null,
    tags: body.tags ?? [],
    clientSideVisible: body.clientSideVisible ?? false,
    isArchived: false,
    variations,
    defaultVariationId: (named ?? fallbackDefaultVariation(variations, body.type)).id,
    configurations: {},
    createdAt: now,
    updatedAt: now,
  };
  const configuration = initialConfiguration(flag, now);
  const configurations = Object.fromEntries(
    store.children('environments', project.id).map((environment) => [environment.id, configuration]),
  );
  return { ...flag, configurations };
}
