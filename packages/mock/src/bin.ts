#!/usr/bin/env node
/** `flagplane-mock --port 4010 --seed seed.json`: the mock on a local port until interrupted. */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startFlagplaneMockServer } from './port-server.js';
import type { MockSeed } from './seed.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      seed: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write('Usage: flagplane-mock [--port 4010] [--seed seed.json]\n');
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0–65535; got "${values.port}"`);
  const seed = values.seed ? (JSON.parse(await readFile(values.seed, 'utf8')) as MockSeed) : {};
  const server = await startFlagplaneMockServer({ port, seed });
  process.stdout.write(`Flagplane mock listening on ${server.baseUrl}\n`);
  for (const [name, token] of Object.entries(server.mock.tokens))
    process.stdout.write(`  token ${name}: ${token}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`flagplane-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
