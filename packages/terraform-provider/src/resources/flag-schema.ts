/**
 * `flagplane_flag`'s schema (§25): the flag's own properties in snake_case with the API's names as
 * `apiName`s (so a `validation_failed` field such as `variations.1.value` lands on `variation[1].value`),
 * and its `variation` blocks, identified by key.
 */
import type { BlockSpec, SchemaSpec } from '../schema/model.js';
import { computed, optional, optionalComputed, required } from '../schema/model.js';
import { knownStrings } from '../values/access.js';
import { listOf } from '../values/cty-type.js';
import {
  deletionAttribute,
  descriptionAttribute,
  idAttribute,
  managedByAttribute,
  projectAttribute,
} from './common-attributes.js';
import { sameValue } from './plan.js';

export const policies = ['archive', 'delete'] as const;

export const uniqueInOrder = (values: readonly string[]) => [...new Set(values)];

const variationBlock: BlockSpec = {
  description: 'A value the flag can serve.',
  attributes: {
    id: computed('string', "The variation's id."),
    key: required('string', 'Unique within the flag (`^[A-Za-z0-9][A-Za-z0-9._-]*$`, 1–64).'),
    value: required(
      'string',
      'The value as text: `"true"`/`"false"` for Boolean, a JSON number for Number, JSON text for Json (`jsonencode(…)`), any text for String. Unique within the flag; at most 32 KiB.',
    ),
    name: optionalComputed('string', 'Display name. Left out: as the server has it.'),
    description: optional('string', 'At most 2,000 characters.', {
      sameValue: (configured, live) => (configured ?? '') === (live ?? ''),
    }),
  },
};

export const flagBlock: BlockSpec = {
  description: 'A feature flag of a Flagplane project, with its variations.',
  attributes: {
    id: idAttribute,
    project: projectAttribute,
    key: required(
      'string',
      'The flag key (`^[A-Za-z0-9][A-Za-z0-9._-]*$`, 1–128, case-sensitive). Changing it replaces the flag.',
      {
        forcesReplacement: true,
      },
    ),
    type: required('string', '`Boolean`, `String`, `Number` or `Json`. Changing it replaces the flag.', {
      forcesReplacement: true,
    }),
    name: optionalComputed(
      'string',
      'Display name, 1–200 characters. Left out: as the server has it (the key, for a new flag).',
    ),
    description: descriptionAttribute('flag'),
    tags: optional(
      listOf('string'),
      'Tags (`^[A-Za-z0-9][A-Za-z0-9._:/-]*$`, at most 50). Duplicates count once.',
      {
        sameValue: (configured, live) =>
          sameValue(uniqueInOrder(knownStrings(configured) ?? []), knownStrings(live) ?? []),
      },
    ),
    client_side_visible: optionalComputed(
      'bool',
      'Whether client-side SDK keys may evaluate it. Default `false`.',
      {
        default: false,
        apiName: 'clientSideVisible',
      },
    ),
    temporary: optionalComputed(
      'bool',
      'Meant to be removed once it has done its job (a release or an experiment), as opposed to a permanent flag. Default `false`.',
      { default: false },
    ),
    deletion: deletionAttribute(
      policies,
      'archive',
      '`"archive"` archives the flag (it stops being evaluated and can be restored); `"delete"` deletes it for good.',
    ),
    managed_by: managedByAttribute,
  },
  blocks: {
    variation: {
      nesting: 'list',
      block: variationBlock,
      apiName: 'variations',
      identifiedBy: 'key',
      maxItems: 100,
    },
  },
};

export const flagSchema: SchemaSpec = { version: 0, block: flagBlock };
