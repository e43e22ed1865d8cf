/** `GET /orgs/{org}/events` (§19). Events are recorded by the route loop, not by handlers (event-recording.ts). */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toEventPage } from './events-representation.js';
import * as service from './events-service.js';

export const listEvents: OperationHandler<'listEvents'> = ({ store, scope, principal, query }) =>
  service.listEvents(store, scope.org, principal, query).then(toEventPage);
