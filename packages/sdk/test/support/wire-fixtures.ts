/** Answers shaped exactly as the contract says, for tests whose server is nock. */
import type { Flag, Me } from '../../src/index.js';

export const fakeBaseUrl = 'http://flagplane.test';
export const fakeToken = `fp_pat_${'secret'.padEnd(40, 'x')}`;

export const meBody: Me = {
  type: 'user',
  id: '0b7c5f6e-7a39-4c1e-9d43-0f2b8a6c1d10',
  name: 'Olive Owner',
  email: 'owner@acme.test',
  emailVerified: true,
};

export const flagBody: Flag = {
  id: '5a1e7c3d-2b4f-4e6a-8c9d-1f0e2d3c4b5a',
  key: 'new-checkout',
  name: 'New checkout',
  type: 'Boolean',
  isArchived: false,
  clientSideVisible: false,
  temporary: false,
  tags: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  managedBy: null,
  description: null,
  variations: [],
  staleness: 'New',
  _actions: {
    update: { allowed: true, reason: null },
    archive: { allowed: true, reason: null },
    restore: { allowed: false, reason: 'The flag is not archived.' },
    delete: { allowed: true, reason: null },
    createVariation: { allowed: false, reason: 'A Boolean flag has exactly two variations.' },
  },
};

export function errorBody(error: string, message: string, extra: Record<string, unknown> = {}) {
  return { error, message, docs_url: `${fakeBaseUrl}/docs/errors#${error}`, ...extra };
}

export const flagPath = '/api/v1/orgs/acme/projects/web/flags';
