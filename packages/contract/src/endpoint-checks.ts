/**
 * Compile-time checks of the endpoint table. A duplicate operationId is already a compile error (an
 * object literal cannot repeat a key); this file makes a method + path declared twice one as well.
 */
import type { Endpoints } from './endpoints.js';

type RouteOf<Table> = {
  [Operation in keyof Table]: Table[Operation] extends {
    method: infer M extends string;
    path: infer P extends string;
  }
    ? `${M} ${P}`
    : never;
};

type DuplicateRoutes<Table> = {
  [Operation in keyof Table]: {
    [Other in Exclude<keyof Table, Operation>]: RouteOf<Table>[Other] extends RouteOf<Table>[Operation]
      ? Other
      : never;
  }[Exclude<keyof Table, Operation>];
}[keyof Table];

/** `true`, or a type error naming the operations that share a route. */
export const routesAreUnique: [DuplicateRoutes<Endpoints>] extends [never]
  ? true
  : { duplicateRoutes: DuplicateRoutes<Endpoints> } = true;
