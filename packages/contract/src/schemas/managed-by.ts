/**
 * §20: what declares a project or flag, when code does (`file:<path>` from the CLI, `cdktf:<stack>` from
 * the constructs). Information for people and tools; the API never refuses a write because of it.
 */
import * as z from 'zod';
import { DateTime, EnvironmentKey, limits } from '../formats.js';

export const ManagedBy = z
  .strictObject({
    source: z.string().meta({ description: 'Where the declaration lives: `file:<path>`, `cdktf:<stack>`.' }),
    environments: z.array(z.string()).meta({
      description:
        'The environments whose flag configurations the source reconciles, including those it leaves to their defaults (flags; [] for projects).',
    }),
    at: DateTime.meta({ description: 'When `managedBy` last changed (set by the server).' }),
  })
  .meta({ id: 'ManagedBy' });
export type ManagedBy = z.infer<typeof ManagedBy>;

/** `file:<path>`, `cdktf:<stack>`: 1–500 characters. */
export const ManagedBySource = z
  .string()
  .min(1, 'must not be empty')
  .max(limits.managedBySourceLength, `must be at most ${limits.managedBySourceLength} characters`);

/**
 * In creation and `PUT` bodies: an object claims the resource for a source, `null` releases it, omitted
 * leaves it as it is (unlike other properties of a `PUT`, `null` here is a change).
 */
export const ManagedByInput = z
  .object({
    source: ManagedBySource,
    environments: z
      .array(EnvironmentKey)
      .max(limits.managedByEnvironments, `at most ${limits.managedByEnvironments} environments`)
      .nullish()
      .transform((environments) => [...new Set(environments ?? [])]),
  })
  .meta({ id: 'ManagedByInput' });
export type ManagedByInput = z.input<typeof ManagedByInput>;

/** `managedBy` as a body property: `undefined` (omitted) keeps it, `null` releases it. */
export const ManagedByProperty = ManagedByInput.nullable().optional();

/**
 * A project's `managedBy`: a project has no flag configurations of its own for a source to reconcile, so
 * its `environments` is `[]` (or omitted, or null).
 */
export const ProjectManagedByInput = ManagedByInput.extend({
  environments: z
    .array(EnvironmentKey)
    .max(0, 'a project declares no flag configurations: give []')
    .nullish()
    .transform((environments) => [...new Set(environments ?? [])]),
}).meta({ id: 'ProjectManagedByInput' });
export type ProjectManagedByInput = z.input<typeof ProjectManagedByInput>;

/** A project's `managedBy` as a body property, as `ManagedByProperty`. */
export const ProjectManagedByProperty = ProjectManagedByInput.nullable().optional();
