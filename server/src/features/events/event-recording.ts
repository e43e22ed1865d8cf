/**
 * §19: every write that succeeds records exactly one event, in the same transaction as the write (so a
 * refused or failed write, rolled back, records none). The route loop calls `subjectBefore` before the
 * handler and `recordEvent` after it, both inside the write's transaction.
 */
import {
  type EventActor,
  isEventOperation,
  limits,
  type OperationId,
  type TokenOperationId,
} from '@flagplane/contract';
import type { Principal } from '../../access/principal.js';
import { uuidV7 } from '../../domain/uuid-v7.js';
import type { OperationInput } from '../../routes/operation-handler.js';
import type { EventRecord } from '../../store/records.js';
import type { StoreView, Transaction } from '../../store/store.js';
import { changesBetween } from './event-changes.js';
import { type EventSubject, eventSubjects } from './event-subjects.js';

/** What the request adds to an event: who sent it, with what, under which id. */
export interface EventOrigin {
  readonly userAgent: string | undefined;
  readonly requestId: string;
}

type AnySubject = (
  view: StoreView,
  input: OperationInput<TokenOperationId>,
  result: { readonly id: string } | undefined,
) => EventSubject | null;

// The endpoint table's rule (`recordsEvent`) decides which operations have a subject; each subject is
// typed by its own operation's input, so the table of them is called through one signature.
const subjectOf = (operationId: OperationId): AnySubject | null =>
  isEventOperation(operationId) ? (eventSubjects[operationId] as unknown as AnySubject) : null;

/** The subject as it is before the write (null for reads, and before a creation). */
export function subjectBefore(input: OperationInput<TokenOperationId>): EventSubject | null {
  return subjectOf(input.operationId)?.(input.store, input, undefined) ?? null;
}

export function recordEvent(
  input: OperationInput<TokenOperationId>,
  before: EventSubject | null,
  result: unknown,
  origin: EventOrigin,
): void {
  const subject = subjectOf(input.operationId);
  if (!subject) return;
  const created =
    result !== null && typeof result === 'object' && 'id' in result ? (result as { id: string }) : undefined;
  const after = subject(input.store, input, created);
  const described = after ?? before;
  // A write the table says changes something, whose subject exists neither before nor after: nothing to say.
  if (!described) return;
  const org = input.scope as { readonly org?: { readonly id: string } };
  if (!org.org) return;
  const event: EventRecord = {
    id: uuidV7(Date.parse(input.now)),
    organizationId: org.org.id,
    createdAt: input.now,
    action: input.operationId,
    actor: actorOf(input.principal),
    client: clientOf(origin.userAgent),
    requestId: origin.requestId,
    project: described.project ? { id: described.project.id, key: described.project.key } : null,
    environment: described.environment
      ? { id: described.environment.id, key: described.environment.key }
      : null,
    flag: described.flag ? { id: described.flag.id, key: described.flag.key } : null,
    resource: { kind: described.kind, id: described.id, key: described.key },
    changes: changesBetween(before?.shape ?? null, after?.shape ?? null),
  };
  (input.store as Transaction).insert('events', event);
}

function actorOf(principal: Principal): EventActor {
  return principal.type === 'user'
    ? { kind: 'User', id: principal.user.id, name: principal.user.name, email: principal.user.email }
    : { kind: 'ServiceToken', id: principal.token.id, name: principal.token.name, email: null };
}

/** The first product token of a User-Agent (`flagplane-cli/0.3.0` of `flagplane-cli/0.3.0 node/22`). */
function clientOf(userAgent: string | undefined): string | null {
  const token = userAgent?.trim().split(/\s+/)[0];
  return token && token.length <= limits.eventClientLength ? token : null;
}
