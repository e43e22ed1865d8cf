/** Segments (§11). */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toSegment, toSegmentPage } from './segments-representation.js';
import * as service from './segments-service.js';

export const listSegments: OperationHandler<'listSegments'> = ({ store, scope, query }) =>
  toSegmentPage(service.listSegments(store, scope.project, query), scope.role);

export const createSegment: OperationHandler<'createSegment'> = ({ store, scope, body, now }) =>
  toSegment(store, service.createSegment(store, scope, body, now), scope.role);

export const getSegment: OperationHandler<'getSegment'> = ({ store, scope }) =>
  toSegment(store, scope.segment, scope.role);

export const updateSegment: OperationHandler<'updateSegment'> = ({ store, scope, body, now }) => {
  service.updateSegment(store, scope.segment, body, now);
};

export const deleteSegment: OperationHandler<'deleteSegment'> = ({ store, scope }) => {
  service.deleteSegment(store, scope.segment);
};
