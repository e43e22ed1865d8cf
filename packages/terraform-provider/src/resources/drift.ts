/**
 * A resource changed outside Terraform (§19, §25): when a read finds the live resource different from
 * what Terraform last stored, the newest event of that resource says who changed it, when, with which
 * client and what. Only a read that found a difference asks, so an unchanged plan sends no extra request.
 */
import type { Event, EventResourceKind } from '@flagplane/contract';
import { type Diagnostic, warning } from '../diagnostics.js';
import { sameValue } from './plan.js';
import type { ObjectValue, ProviderContext } from './resource.js';

export interface DriftSubject {
  /** For messages: `Flag "banner-text"`. */
  readonly label: string;
  /** Filters of the event list (§19) that hold this resource's events. */
  readonly query: {
    readonly project: string;
    readonly flag?: string;
    readonly resourceKind?: EventResourceKind;
  };
  /** Which of those events change what this resource's state holds. */
  readonly matches: (event: Event) => boolean;
}

/** Whether the live state differs from the stored one in anything the server holds. */
export function drifted(
  stored: ObjectValue,
  live: ObjectValue,
  ignored: readonly string[] = ['deletion'],
): boolean {
  const names = new Set([...Object.keys(stored), ...Object.keys(live)]);
  return [...names].some(
    (name) => !ignored.includes(name) && !sameValue(stored[name] ?? null, live[name] ?? null),
  );
}

export async function driftWarning(context: ProviderContext, subject: DriftSubject): Promise<Diagnostic> {
  const last = await newestEvent(context, subject).catch((thrown: unknown) => {
    // The warning is information: failing to find who changed it must not fail the plan.
    context.log.warn('could not read the events of a drifted resource', { error: thrown });
    return undefined;
  });
  const detail = last
    ? `Last change: ${describeEvent(last)}. The plan puts back what the configuration declares.`
    : 'No event names the change (it may be older than the event retention). The plan puts back what the configuration declares.';
  return warning(`${subject.label} was changed outside Terraform`, detail);
}

async function newestEvent(context: ProviderContext, subject: DriftSubject): Promise<Event | undefined> {
  // Newest first: the first page holds the last change unless many others came after it.
  const page = await context.client.events.list(context.organization, { ...subject.query, limit: 50 });
  return page.items.find(subject.matches);
}

function describeEvent(event: Event): string {
  const actor = event.actor.email
    ? `${event.actor.name ?? event.actor.email} <${event.actor.email}>`
    : (event.actor.name ?? 'a service token');
  const changed = event.changes
    .map((change) => change.path)
    .filter((path, index, all) => all.indexOf(path) === index);
  return [
    `${event.action} by ${actor} (${event.actor.kind === 'User' ? 'user' : 'service token'})`,
    `at ${event.createdAt}`,
    event.client ? `with ${event.client}` : 'with an unnamed client',
    changed.length > 0 ? `changing ${changed.join(', ')}` : '',
  ]
    .filter((part) => part !== '')
    .join(' ');
}
