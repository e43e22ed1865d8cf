/**
 * The SDK the benchmarks drive: `@flagplane/sdk`, or with FLAGPLANE_BENCH_SDK=/path/to/dist/index.js
 * another build of it (a candidate change, built elsewhere), to measure a fix before it lands.
 */
import { pathToFileURL } from 'node:url';

const candidate = process.env.FLAGPLANE_BENCH_SDK;
const sdk = await import(candidate ? pathToFileURL(candidate).href : '@flagplane/sdk');

export const { createClient } = sdk;
export const sdkSource = candidate ?? '@flagplane/sdk';
