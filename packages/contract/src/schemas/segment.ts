import * as z from 'zod';
import { DateTime, Description, Name, SegmentKey, Uuid } from '../formats.js';
import { actionsOf, CreateAction, pageOf } from './common.js';
import { ConditionGroup, ConditionGroupsInput } from './conditions.js';
import { ContextKeys } from './context-keys.js';

export const SegmentActions = actionsOf(['update', 'delete'], 'SegmentActions');

const segmentFields = {
  id: Uuid,
  key: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  included: z.array(z.string()),
  excluded: z.array(z.string()),
  conditionGroups: z.array(ConditionGroup),
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const Segment = z.strictObject({ ...segmentFields, _actions: SegmentActions }).meta({ id: 'Segment' });
export type Segment = z.infer<typeof Segment>;

export const SegmentListItem = z.strictObject(segmentFields).meta({ id: 'SegmentListItem' });
export type SegmentListItem = z.infer<typeof SegmentListItem>;

export const SegmentPage = pageOf(SegmentListItem, CreateAction).meta({ id: 'SegmentPage' });
export type SegmentPage = z.infer<typeof SegmentPage>;

export const SegmentCreateBody = z
  .object({
    key: SegmentKey,
    name: Name.nullish(),
    description: Description.nullish(),
    included: ContextKeys.nullish(),
    excluded: ContextKeys.nullish(),
    conditionGroups: ConditionGroupsInput.nullish(),
  })
  .meta({ id: 'SegmentCreateBody' });
export type SegmentCreateBody = z.input<typeof SegmentCreateBody>;

export const SegmentUpdateBody = z
  .object({
    name: Name.nullish(),
    description: Description.nullish(),
    included: ContextKeys.nullish(),
    excluded: ContextKeys.nullish(),
    conditionGroups: ConditionGroupsInput.nullish(),
  })
  .meta({ id: 'SegmentUpdateBody' });
export type SegmentUpdateBody = z.input<typeof SegmentUpdateBody>;
