/**
 * §20: a plan's first claim of a resource no source declared (live `managedBy` null: made in a console or
 * with curl, then written to a file by `flagplane export`) is an adoption. Nobody changed anything live, so
 * it is worded as adoption and never attributed as drift to whoever created the resource.
 */
import type { PlannedChange, PropertyChange } from '@flagplane/engine';
import { managedByText } from './display-value.js';

export function isAdoption(property: PropertyChange): boolean {
  return property.property === 'managedBy' && property.before == null && property.after != null;
}

/** A change whose only effect is the adoption. */
export function onlyAdopts(change: PlannedChange): boolean {
  return change.action === 'update' && change.changes.length > 0 && change.changes.every(isAdoption);
}

/** `adopt into file:flags.yaml (development, production)` */
export function adoptionText(property: PropertyChange): string {
  return `adopt into ${managedByText(property.after)}`;
}
