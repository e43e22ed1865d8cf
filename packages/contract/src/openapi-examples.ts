/**
 * Examples for the OpenAPI document: one or more request bodies per operation that takes a body, and one
 * error body per error status. Tests parse every request example with its operation's schema and every
 * error example with `ErrorBody`, so an example can never drift from the contract.
 */
import type * as z from 'zod';
import type { Endpoints, OperationId } from './endpoints.js';
import type { ErrorBody, ErrorCode } from './schemas/common.js';
import type { ConditionGroupInput } from './schemas/conditions.js';
import { FlagCreateBody } from './schemas/flag.js';
import type { OfrepErrorBody } from './schemas/ofrep.js';
import { validateInput } from './validation.js';

/** The operations of the table that take a request body. */
export type BodyOperationId = {
  [Operation in OperationId]: Endpoints[Operation] extends { body: z.ZodType } ? Operation : never;
}[OperationId];

type BodyOf<Operation extends BodyOperationId> = z.input<
  Extract<Endpoints[Operation], { body: z.ZodType }>['body']
>;

export interface NamedExample<Value> {
  readonly summary: string;
  readonly value: Value;
}

const ids = {
  variationControl: '0b7c6f1e-3c1a-4e8e-9a51-2f4d6b8c9e10',
  variationTreatment: '5d2a9c44-8f6e-4b1d-a7c3-91e0f2b3c4d5',
  segmentBeta: '9e8d7c6b-5a49-4382-b716-0a1b2c3d4e5f',
  ruleCountry: '3f1e2d4c-6b5a-4978-8a6b-c5d4e3f2a1b0',
  ruleBeta: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
} as const;

const checkoutConditionGroups: ConditionGroupInput[] = [
  {
    operator: 'And',
    conditions: [
      { attribute: 'country', operator: 'In', values: ['DE', 'AT', 'CH'], negate: false },
      { attribute: 'appVersion', operator: 'SemverGreaterThanOrEqual', values: ['2.4.0'], negate: false },
    ],
  },
];

/** Request body examples by operation; the type makes a missing operation a compile error. */
export const requestBodyExamples: {
  readonly [Operation in BodyOperationId]: Readonly<Record<string, NamedExample<BodyOf<Operation>>>>;
} = {
  createProject: {
    defaultEnvironments: {
      summary: 'A project with the default environments (development and production)',
      value: { key: 'web', name: 'Web shop', description: 'Storefront, cart and checkout.' },
    },
    ownEnvironments: {
      summary: 'A project with its own environments',
      value: {
        key: 'mobile',
        name: 'Mobile app',
        environments: [
          { key: 'staging', name: 'Staging', color: '#f59e0b', sortOrder: 0 },
          { key: 'live', name: 'Live', color: '#ef4444', sortOrder: 1 },
        ],
      },
    },
  },
  updateProject: {
    rename: { summary: 'Rename a project', value: { name: 'Web storefront' } },
    clearDescription: { summary: 'Clear the description (`""` stores null)', value: { description: '' } },
  },
  createEnvironment: {
    staging: {
      summary: 'An environment between development and production',
      value: { key: 'staging', name: 'Staging', color: '#F59E0B', sortOrder: 1 },
    },
  },
  updateEnvironment: {
    recolor: { summary: 'Rename and recolor', value: { name: 'Staging (EU)', color: '#0ea5e9' } },
  },
  createFlag: {
    boolean: {
      summary: 'A Boolean flag with the default variations (true "On", false "Off")',
      value: { key: 'checkout.express-pay', type: 'Boolean', name: 'Express pay', tags: ['checkout'] },
    },
    string: {
      summary: 'A String flag with two variations',
      value: {
        key: 'checkout.layout',
        type: 'String',
        name: 'Checkout layout',
        description: 'Which checkout page design is served.',
        tags: ['checkout', 'team:payments'],
        clientSideVisible: true,
        temporary: true,
        variations: [
          { key: 'control', name: 'Control', value: 'classic' },
          { key: 'treatment', name: 'Treatment', value: 'one-page' },
        ],
        defaultVariationKey: 'control',
      },
    },
  },
  updateFlag: {
    retag: {
      summary: 'Change the name and the tags',
      value: { name: 'Checkout page layout', tags: ['checkout', 'experiment'], clientSideVisible: true },
    },
  },
  createVariation: {
    treatmentB: {
      summary: 'A third variation of a String flag',
      value: {
        key: 'treatment-b',
        name: 'Treatment B',
        value: 'two-step',
        description: 'Address and payment split.',
      },
    },
  },
  updateVariation: {
    rename: { summary: 'Rename a variation', value: { name: 'Treatment B (two steps)' } },
  },
  updateFlagEnvironment: {
    rollout: {
      summary: 'Serve the treatment to 10% of contexts',
      value: {
        strategy: 'PercentageRollout',
        percentageRollout: [
          { variationId: ids.variationControl, weight: 90 },
          { variationId: ids.variationTreatment, weight: 10 },
        ],
      },
    },
    targeting: {
      summary: 'Enable targeting with the rules in this order',
      value: {
        isEnabled: true,
        strategy: 'TargetedRollout',
        rules: [
          {
            id: ids.ruleCountry,
            description: 'DACH on recent app versions',
            variationId: ids.variationTreatment,
            conditionGroups: checkoutConditionGroups,
          },
          {
            description: 'Beta testers',
            variationId: ids.variationTreatment,
            userSegmentId: ids.segmentBeta,
          },
        ],
      },
    },
  },
  evaluateFlags: {
    oneUser: {
      summary: 'What a Pro user in the Netherlands gets for two flags',
      value: {
        context: { key: 'user-1', attributes: { country: 'NL', plan: 'pro', appVersion: '2.4.1' } },
        flags: ['new-checkout', 'banner-text'],
      },
    },
    everyFlag: {
      summary: 'Every flag of the project, for an anonymous visitor',
      value: { context: { key: 'visitor-7f3a' } },
    },
  },
  evaluateForSdk: {
    aUser: {
      summary: 'A Pro user in the Netherlands',
      value: { context: { key: 'user-1', attributes: { country: 'NL', plan: 'pro' } } },
    },
    noKey: {
      summary: 'A background job with no user: every flag but percentage rollouts evaluates (§23)',
      value: { context: { attributes: { job: 'nightly-export' } } },
    },
  },
  ofrepEvaluateFlag: {
    aUser: {
      summary: "OFREP's flat context: targetingKey beside the attributes",
      value: { context: { targetingKey: 'user-1', country: 'NL', plan: 'pro', appVersion: '2.4.1' } },
    },
  },
  ofrepEvaluateFlags: {
    aBrowser: {
      summary: 'What a web page holds for its visitor (a client-side key sees clientSideVisible flags)',
      value: { context: { targetingKey: 'visitor-7f3a', country: 'NL', beta: null } },
    },
  },
  toggleFlag: {
    enable: { summary: 'Enable the flag in this environment', value: { enabled: true } },
    disable: { summary: 'Disable the flag in this environment', value: { enabled: false } },
  },
  createRule: {
    countries: {
      summary: 'Serve the treatment to half of DACH users on app 2.4.0 or later',
      value: {
        description: 'DACH on recent app versions',
        variationId: ids.variationTreatment,
        rolloutPercentage: 50,
        conditionGroups: checkoutConditionGroups,
      },
    },
  },
  reorderRules: {
    swap: {
      summary: 'Every rule id of the configuration, once, in the new order',
      value: { ruleIds: [ids.ruleBeta, ids.ruleCountry] },
    },
  },
  updateRule: {
    replace: {
      summary: 'Replace a rule wholesale',
      value: {
        description: 'Beta testers on iOS',
        variationId: ids.variationTreatment,
        rolloutPercentage: null,
        userSegmentId: ids.segmentBeta,
        conditionGroups: [
          {
            operator: 'Or',
            conditions: [{ attribute: 'platform', operator: 'Equals', values: ['ios', 'ipados'] }],
          },
        ],
      },
    },
  },
  createSegment: {
    beta: {
      summary: 'Named context keys plus everyone with an internal e-mail address',
      value: {
        key: 'beta-testers',
        name: 'Beta testers',
        included: ['user-1842', 'user-2031'],
        excluded: ['user-0007'],
        conditionGroups: [
          {
            conditions: [{ attribute: 'email', operator: 'EndsWith', values: ['@acme.test'], negate: false }],
          },
        ],
      },
    },
  },
  updateSegment: {
    exclude: {
      summary: 'Replace the excluded context keys',
      value: { excluded: ['user-0007', 'user-0042'] },
    },
  },
  createSdkKey: {
    server: {
      summary: 'A key for a backend service',
      value: { name: 'Checkout service', type: 'ServerSide' },
    },
    client: {
      summary: 'A key for the browser',
      value: { name: 'Storefront web', description: 'Served to browsers.', type: 'ClientSide' },
    },
  },
  updateSdkKey: {
    rename: {
      summary: 'Rename an SDK key',
      value: { name: 'Checkout service (EU)', description: 'eu-central-1' },
    },
  },
};

/** The statuses that have an error response in the document, each with its examples. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** Error body examples by status. `docsBaseUrl` is the server's base URL (`docs_url` points there). */
export function errorExamples(
  docsBaseUrl: string,
): Record<ErrorStatus, Record<string, NamedExample<ErrorBody>>> {
  const docsUrl = (code: ErrorCode) => `${docsBaseUrl.replace(/\/+$/, '')}/docs/errors#${code}`;
  const validationFailure = invalidFlagFailure();
  return {
    400: {
      validationFailed: {
        summary: 'A property breaks a rule (`validation_failed`)',
        value: {
          error: 'validation_failed',
          message: validationFailure.message,
          docs_url: docsUrl('validation_failed'),
          fields: validationFailure.fields,
        },
      },
      lastEnvironment: {
        summary: 'Deleting the last environment of a project',
        value: {
          error: 'validation_failed',
          message: 'This is the last environment of the project.',
          docs_url: docsUrl('validation_failed'),
          next_actions: [{ method: 'POST', path: '/api/v1/orgs/acme/projects/web/environments' }],
        },
      },
      badRequest: {
        summary: 'A rule reorder whose ids are not the set of existing rules (`bad_request`)',
        value: {
          error: 'bad_request',
          message: `ruleIds must list every rule exactly once; missing: ${ids.ruleBeta}.`,
          docs_url: docsUrl('bad_request'),
        },
      },
    },
    401: {
      unauthorized: {
        summary: 'No valid bearer token',
        value: {
          error: 'unauthorized',
          message: 'A valid bearer token is required.',
          docs_url: docsUrl('unauthorized'),
        },
      },
    },
    403: {
      forbidden: {
        summary: 'The role is too low',
        value: {
          error: 'forbidden',
          message: 'Requires role Member; you have Viewer.',
          docs_url: docsUrl('forbidden'),
        },
      },
    },
    404: {
      notFound: {
        summary: 'An unknown flag key, with the closest keys',
        value: {
          error: 'not_found',
          message: 'No flag "checkout.layuot" in project "web".',
          docs_url: docsUrl('not_found'),
          did_you_mean: ['checkout.layout'],
        },
      },
    },
    409: {
      conflict: {
        summary: 'The key is taken; `next_actions` points at the existing resource',
        value: {
          error: 'conflict',
          message: 'A flag with key "checkout.layout" already exists in project "web".',
          docs_url: docsUrl('conflict'),
          next_actions: [{ method: 'GET', path: '/api/v1/orgs/acme/projects/web/flags/checkout.layout' }],
        },
      },
    },
    413: {
      payloadTooLarge: {
        summary: 'A body over 1 MiB',
        value: {
          error: 'payload_too_large',
          message: 'The request body is larger than 1 MiB.',
          docs_url: docsUrl('payload_too_large'),
        },
      },
    },
    415: {
      unsupportedMediaType: {
        summary: 'A body that is not JSON',
        value: {
          error: 'unsupported_media_type',
          message: 'Request bodies must be application/json; got text/plain.',
          docs_url: docsUrl('unsupported_media_type'),
        },
      },
    },
    429: {
      rateLimited: {
        summary: 'Over the quota; `retry_after` equals the `Retry-After` header',
        value: {
          error: 'rate_limited',
          message: 'Rate limit exceeded; retry in 12 seconds.',
          docs_url: docsUrl('rate_limited'),
          retry_after: 12,
        },
      },
    },
    500: {
      internalError: {
        summary: 'Something unexpected; the message names the request id',
        value: {
          error: 'internal_error',
          message: 'Unexpected error. Request id: 7c1f6b2e-0d4a-4f3b-9e8d-2a1b0c9d8e7f.',
          docs_url: docsUrl('internal_error'),
        },
      },
    },
    503: {
      unavailable: {
        summary: 'The database is out of reach for a moment; `retry_after` equals the `Retry-After` header',
        value: {
          error: 'unavailable',
          message: 'The database cannot be reached (reading the latest changes); retry in a moment.',
          docs_url: docsUrl('unavailable'),
          retry_after: 1,
        },
      },
    },
  };
}

/** §23: one example per status of OFREP's error answers (tests parse each with `OfrepErrorBody`). */
export const ofrepErrorExamples = {
  400: {
    invalidContext: {
      summary: 'An attribute that is a nested object',
      value: {
        key: 'new-checkout',
        errorCode: 'INVALID_CONTEXT',
        errorDetails:
          'context.address: must be a string, a finite number, a boolean, a list of strings, or null',
      },
    },
    targetingKeyMissing: {
      summary: 'A percentage rollout asked without targetingKey',
      value: {
        key: 'new-checkout',
        errorCode: 'TARGETING_KEY_MISSING',
        errorDetails:
          'flag "new-checkout" serves a percentage rollout, which needs the context\'s targetingKey',
      },
    },
  },
  401: {
    unauthorized: {
      summary: 'No SDK key, or a revoked one',
      value: { errorDetails: 'The SDK key is invalid or revoked.' },
    },
  },
  403: {
    forbidden: {
      summary: 'A key that may not call this',
      value: { errorDetails: 'This operation needs a server-side SDK key (fp_srv_…).' },
    },
  },
  404: {
    flagNotFound: {
      summary: "No such flag in the key's environment",
      value: {
        key: 'new-chekout',
        errorCode: 'FLAG_NOT_FOUND',
        errorDetails: 'flag "new-chekout" was not found',
      },
    },
  },
  429: {
    rateLimited: {
      summary: 'Over the quota',
      value: { errorDetails: 'Rate limit exceeded; retry in 12 s.' },
    },
  },
  500: {
    internalError: {
      summary: 'Something unexpected',
      value: {
        errorDetails: 'An unexpected error occurred; request id 7c1f6b2e-0d4a-4f3b-9e8d-2a1b0c9d8e7f.',
      },
    },
  },
  503: {
    unavailable: {
      summary: 'The database is out of reach for a moment',
      value: { errorDetails: 'The database cannot be reached; retry in a moment.' },
    },
  },
} as const satisfies Readonly<Record<number, Readonly<Record<string, NamedExample<OfrepErrorBody>>>>>;

/** A real refusal of `validateInput`, so the example shows the message and `fields` the server sends. */
function invalidFlagFailure() {
  const result = validateInput(FlagCreateBody, {
    key: 'checkout layout',
    type: 'Number',
    variations: [
      { key: 'low', value: '1' },
      { key: 'high', value: 'one' },
    ],
  });
  if (result.success) throw new Error('The validation example must fail validation.');
  return result.failure;
}
