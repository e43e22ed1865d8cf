/** Types of operations-table.mjs, for the tests that import it. */
import type { Endpoint } from '../src/endpoint.js';

export declare const tableStart: string;
export declare const tableEnd: string;
export declare function operationsTable(endpoints: Readonly<Record<string, Endpoint>>): string;
export declare function withOperationsTable(readme: string, table: string): string;
export declare function callerOf(endpoint: Endpoint): string;
