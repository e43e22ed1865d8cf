/**
 * §21's delivery paths: the two operations an application calls with an SDK key (the only paths where an
 * SDK key is a credential). Kept out of the endpoint table, whose operations authenticate with tokens and
 * roles; the OpenAPI document describes both tables, and the server routes these from here.
 */
import type * as z from 'zod';
import type { SdkKeyType } from './schemas/enums.js';
import { deliveryPaths, EvaluationResults, SdkEvaluateBody, SdkFlagsDocument } from './schemas/evaluation.js';

export interface DeliveryEndpoint {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  /** The SDK key types it accepts; another type is `403`. */
  readonly keyTypes: readonly SdkKeyType[];
  readonly body?: z.ZodType;
  readonly success: { readonly status: 200; readonly schema: z.ZodType };
  /** Answers `304` with no body to an `If-None-Match` holding its current `ETag`. */
  readonly conditional: boolean;
  /** Error statuses besides 401, 429 and 500, which every delivery can answer. */
  readonly errors: readonly (400 | 403)[];
}

export const deliveryEndpoints = {
  getSdkFlags: {
    method: 'GET',
    path: deliveryPaths.flags,
    summary:
      "Everything local evaluation needs for the key's environment (§21): its flags with variations and configuration, and the segments their rules use.",
    keyTypes: ['ServerSide'],
    success: { status: 200, schema: SdkFlagsDocument },
    conditional: true,
    errors: [403],
  },
  evaluateForSdk: {
    method: 'POST',
    path: deliveryPaths.evaluate,
    summary:
      "What a context is served in the key's environment (§21); a client-side key sees only flags with clientSideVisible.",
    keyTypes: ['ServerSide', 'ClientSide'],
    body: SdkEvaluateBody,
    success: { status: 200, schema: EvaluationResults },
    conditional: false,
    errors: [400],
  },
} as const satisfies Record<string, DeliveryEndpoint>;

export type DeliveryOperationId = keyof typeof deliveryEndpoints;
