/**
 * What every Terraform test file needs: a real server and the provider installed into a fresh mirror,
 * ready before its tests and closed after them, an API client on the server, the environment Terraform
 * runs with (the provider's settings from FLAGPLANE_*), and the `required_providers` block.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createClient, type FlagplaneClient } from '@flagplane/sdk';
import { terraformAvailable } from '@flagplane/test-support/terraform';
import { afterAll, beforeAll } from 'vitest';
import { ownerToken, type RunningServer, startServer } from './flagplane-server.js';
import { type Installation, installProvider } from './terraform-project.js';

/** The provider's version is the package's (the release moves it). */
const version: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

export const requiredProviders = `terraform {
  required_providers {
    flagplane = {
      source  = "flagplane/flagplane"
      version = "${version}"
    }
  }
}
`;

export interface Setup {
  readonly available: boolean;
  readonly server: RunningServer;
  readonly installation: Installation;
  /** FLAGPLANE_BASE_URL, FLAGPLANE_ORG and FLAGPLANE_TOKEN for Terraform's environment. */
  readonly environment: Record<string, string>;
  /** The API as the organization's owner sees it. */
  api(options?: { readonly headers?: Record<string, string> }): FlagplaneClient;
}

/** Call at the top of a test file; the fields are there once its tests run. */
export function useServerAndProvider(): Setup {
  const available = terraformAvailable();
  let server: RunningServer | undefined;
  let installation: Installation | undefined;
  beforeAll(async () => {
    if (!available) return;
    server = await startServer();
    installation = await installProvider();
  });
  afterAll(async () => {
    await server?.close();
    // The mirror, the CLI configuration and every configuration directory the file's tests made.
    if (installation) rmSync(installation.root, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready (used outside a test?)`);
    return value;
  };
  return {
    available,
    get server() {
      return ready(server, 'the server');
    },
    get installation() {
      return ready(installation, 'the installation');
    },
    get environment() {
      const { baseUrl } = ready(server, 'the server');
      return { FLAGPLANE_BASE_URL: baseUrl, FLAGPLANE_ORG: 'acme', FLAGPLANE_TOKEN: ownerToken };
    },
    api(options = {}) {
      return createClient({ baseUrl: ready(server, 'the server').baseUrl, token: ownerToken, ...options });
    },
  };
}
