import * as z from 'zod';
import { DateTime, Uuid } from '../formats.js';
import { actionsOf, NoActions, pageOf } from './common.js';
import { OrganizationPlan } from './enums.js';

export const OrganizationActions = actionsOf(['createProject'], 'OrganizationActions');

const organizationFields = {
  id: Uuid,
  name: z.string().nullable(),
  slug: z.string().nullable(),
  plan: OrganizationPlan.nullable(),
  isActive: z.boolean(),
  createdAt: DateTime,
};

export const Organization = z
  .strictObject({ ...organizationFields, _actions: OrganizationActions })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const OrganizationListItem = z.strictObject(organizationFields).meta({ id: 'OrganizationListItem' });
export type OrganizationListItem = z.infer<typeof OrganizationListItem>;

export const OrganizationPage = pageOf(OrganizationListItem, NoActions).meta({ id: 'OrganizationPage' });
export type OrganizationPage = z.infer<typeof OrganizationPage>;
