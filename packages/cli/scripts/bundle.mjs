/**
 * Bundles the `flagplane` binary (ESM, Node 22), and only the binary: the engine it runs is
 * `@flagplane/engine`, a library of its own that the mock imports too. Code splitting: dist/flagplane.js
 * is the entry, and every dynamic import becomes a chunk under dist/chunks/. `--version` and `--help` load
 * commander and the program's definition (~45 KB); the engine, the SDK, zod, the contract and yaml load
 * only when a command runs. One file holding everything measured 3.4× `node -e ""` for `--version`
 * (budget 3×), nearly all of it V8 parsing ~900 KB that `--version` never runs (zod alone is 450 KB);
 * split, 1.5–2×.
 */

import { bundleNodeBinary } from '../../../scripts/bundle-node-binary.mjs';

await bundleNodeBinary({
  packageDirectory: new URL('../', import.meta.url),
  entry: 'src/flagplane.ts',
  outfileName: 'flagplane.js',
  versionConstant: 'FLAGPLANE_CLI_VERSION',
  splitting: true,
});
