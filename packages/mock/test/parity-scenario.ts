/**
 * One scenario of requests exercising state, pagination and every error the server can produce in
 * memory. Run against a base URL with plain `fetch`, it returns what came back, normalized so two runs
 * against different servers compare equal when they behave the same.
 */
export interface Exchange {
  readonly step: string;
  readonly status: number;
  readonly body: unknown;
  readonly rateLimit: { limit: string | null; remaining: string | null; resetPresent: boolean };
  readonly contentType: string | null;
  readonly hasRequestId: boolean;
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const timestamp = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g;

/** Ids become `<id1>`, `<id2>`… in order of first appearance; times, cursors and request ids are erased. */
function normalize(text: string, ids: Map<string, string>): unknown {
  if (text === '') return null;
  const replaced = text
    .replace(uuid, (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
      return ids.get(id)!;
    })
    .replace(timestamp, '<time>')
    .replace(/"next_cursor":"[^"]+"/g, '"next_cursor":"<cursor>"')
    .replace(/"requestId":"[^"]+"/g, '"requestId":"<request>"')
    // Each server names its own address in `docs_url`; the path after it must be the same.
    .replace(/"docs_url":"[^"]*?\/docs\/errors#/g, '"docs_url":"/docs/errors#');
  return JSON.parse(replaced);
}

export async function runParityScenario(baseUrl: string, token: string): Promise<Exchange[]> {
  const ids = new Map<string, string>();
  const exchanges: Exchange[] = [];
  const send = async (
    step: string,
    method: string,
    path: string,
    options: { body?: string; contentType?: string; auth?: boolean } = {},
  ) => {
    // Events record the client (§19): one User-Agent for both, whatever each interception layer adds.
    const headers: Record<string, string> = { 'user-agent': 'parity-scenario/1.0' };
    if (options.auth !== false) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body });
    const text = await response.text();
    const body = normalize(text, ids) as Record<string, unknown> | null;
    exchanges.push({
      step,
      status: response.status,
      body,
      rateLimit: {
        limit: response.headers.get('x-ratelimit-limit'),
        remaining: response.headers.get('x-ratelimit-remaining'),
        resetPresent: response.headers.has('x-ratelimit-reset'),
      },
      contentType: response.headers.get('content-type'),
      hasRequestId: response.headers.has('x-request-id'),
    });
    return JSON.parse(text || 'null') as Record<string, unknown> & { [key: string]: never };
  };
  const json = (value: unknown) => JSON.stringify(value);
  const base = '/api/v1/orgs/acme/projects/web';

  await send('me', 'GET', '/api/v1/me');
  await send('create project', 'POST', '/api/v1/orgs/acme/projects', {
    body: json({ key: 'web', name: 'Web' }),
  });
  await send('duplicate project', 'POST', '/api/v1/orgs/acme/projects', { body: json({ key: 'web' }) });
  const flag = (await send('create boolean flag', 'POST', `${base}/flags`, {
    body: json({ key: 'new-checkout', type: 'Boolean', tags: ['checkout'] }),
  })) as unknown as { variations: { id: string; value: string }[] };
  await send('create string flag', 'POST', `${base}/flags`, {
    body: json({
      key: 'banner',
      type: 'String',
      variations: [
        { key: 'a', value: 'A' },
        { key: 'b', value: 'B' },
      ],
    }),
  });
  await send('invalid flag', 'POST', `${base}/flags`, {
    body: json({ key: 'n', type: 'Number', variations: [{ key: 'x', value: 'abc' }] }),
  });
  const first = (await send('first page', 'GET', `${base}/flags?limit=1`)) as unknown as {
    next_cursor: string;
  };
  await send('second page', 'GET', `${base}/flags?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`);
  await send('forged cursor', 'GET', `${base}/flags?cursor=forged`);
  const on = flag.variations.find((variation) => variation.value === 'true')!;
  const off = flag.variations.find((variation) => variation.value === 'false')!;
  await send('rollout', 'PUT', `${base}/flags/new-checkout/environments/production`, {
    body: json({
      strategy: 'PercentageRollout',
      percentageRollout: [
        { variationId: on.id, weight: 30 },
        { variationId: off.id, weight: 70 },
      ],
    }),
  });
  await send('bad rollout', 'PUT', `${base}/flags/new-checkout/environments/production`, {
    body: json({ percentageRollout: [{ variationId: on.id, weight: 30 }] }),
  });
  const rule = (await send(
    'create rule',
    'POST',
    `${base}/flags/new-checkout/environments/production/rules`,
    {
      body: json({
        variationId: on.id,
        conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'in', values: ['DE'] }] }],
      }),
    },
  )) as unknown as { id: string };
  await send('bad reorder', 'PUT', `${base}/flags/new-checkout/environments/production/rules/reorder`, {
    body: json({ ruleIds: [rule.id, rule.id] }),
  });
  await send('unknown operator', 'POST', `${base}/flags/new-checkout/environments/production/rules`, {
    body: json({
      variationId: on.id,
      conditionGroups: [{ conditions: [{ attribute: 'a', operator: 'Equalz', values: ['x'] }] }],
    }),
  });
  await send('configurations', 'GET', `${base}/flags/new-checkout/environments`);
  await send('toggle typo', 'POST', `${base}/flags/new-checkout/environments/production/toggle`, {
    body: json({ enable: true }),
  });
  await send('toggle', 'POST', `${base}/flags/new-checkout/environments/production/toggle`, {
    body: json({ enabled: true }),
  });
  await send('claim flag for code', 'PUT', `${base}/flags/new-checkout`, {
    body: json({ managedBy: { source: 'file:flags/web.yaml', environments: ['production'] } }),
  });
  await send('claimed flag', 'GET', `${base}/flags/new-checkout`);
  await send('empty managedBy source', 'PUT', `${base}/flags/new-checkout`, {
    body: json({ managedBy: { source: '', environments: [] } }),
  });
  await send('events of a flag', 'GET', '/api/v1/orgs/acme/events?flag=new-checkout&limit=3');
  await send('events by kind', 'GET', '/api/v1/orgs/acme/events?resourceKind=Rule');
  await send('events bad since', 'GET', '/api/v1/orgs/acme/events?since=yesterday');
  await send('events forged cursor', 'GET', '/api/v1/orgs/acme/events?cursor=forged');
  await send('mistyped flag', 'GET', `${base}/flags/new-chekout`);
  await send('archive', 'POST', `${base}/flags/banner/archive`);
  await send('archived refuses', 'PUT', `${base}/flags/banner`, { body: json({ name: 'x' }) });
  await send('sdk key', 'POST', `${base}/environments/production/sdk-keys`, {
    body: json({ type: 'serverside' }),
  });
  await send('last environment', 'DELETE', `${base}/environments/development`);
  await send('delete environment', 'DELETE', `${base}/environments/production`);
  await send('unauthenticated', 'GET', '/api/v1/me', { auth: false });
  await send('not json', 'POST', '/api/v1/orgs/acme/projects', { body: '{"key":' });
  await send('text body', 'POST', '/api/v1/orgs/acme/projects', { body: 'key=x', contentType: 'text/plain' });
  await send('too large', 'POST', '/api/v1/orgs/acme/projects', {
    body: json({ key: 'x', description: 'x'.repeat(1024 * 1024) }),
  });
  await send('method not allowed', 'DELETE', '/api/v1/orgs');
  await send('unknown route', 'GET', '/api/v1/widgets');
  await send('other organization', 'GET', '/api/v1/orgs/globex');
  return exchanges;
}
