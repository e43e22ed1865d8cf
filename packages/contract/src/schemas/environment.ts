import * as z from 'zod';
import { Color, EnvironmentKey, limits, Name, SortOrder, Uuid } from '../formats.js';
import { actionsOf, CreateAction, pageOf } from './common.js';

export const EnvironmentActions = actionsOf(['update', 'delete', 'createSdkKey'], 'EnvironmentActions');

const environmentFields = {
  id: Uuid,
  key: z.string().nullable(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  sortOrder: z.number().int(),
};

export const Environment = z
  .strictObject({ ...environmentFields, _actions: EnvironmentActions })
  .meta({ id: 'Environment' });
export type Environment = z.infer<typeof Environment>;

export const EnvironmentListItem = z.strictObject(environmentFields).meta({ id: 'EnvironmentListItem' });
export type EnvironmentListItem = z.infer<typeof EnvironmentListItem>;

export const EnvironmentPage = pageOf(EnvironmentListItem, CreateAction).meta({ id: 'EnvironmentPage' });
export type EnvironmentPage = z.infer<typeof EnvironmentPage>;

/** §7: `key` required; `name` defaults to the key, `color` to #6b7280, `sortOrder` to one past the highest. */
export const EnvironmentCreateBody = z
  .object({
    key: EnvironmentKey,
    name: Name.nullish(),
    color: Color.nullish(),
    sortOrder: SortOrder.nullish(),
  })
  .meta({ id: 'EnvironmentCreateBody' });
export type EnvironmentCreateBody = z.input<typeof EnvironmentCreateBody>;

export const EnvironmentUpdateBody = z
  .object({
    name: Name.nullish(),
    color: Color.nullish(),
    sortOrder: SortOrder.nullish(),
  })
  .meta({ id: 'EnvironmentUpdateBody' });
export type EnvironmentUpdateBody = z.input<typeof EnvironmentUpdateBody>;

export const defaultEnvironmentColor = '#6b7280';

/** The environments a project gets when its creation names none (§7). */
export const defaultProjectEnvironments = [
  { key: 'development', name: 'development', color: '#22c55e', sortOrder: 0 },
  { key: 'production', name: 'production', color: '#ef4444', sortOrder: 1 },
] as const;

export const ProjectEnvironmentsInput = z
  .array(EnvironmentCreateBody)
  .min(1, 'a project needs at least one environment')
  .max(
    limits.environmentsPerProjectCreation,
    `at most ${limits.environmentsPerProjectCreation} environments`,
  );
