/**
 * Bundles the provider into one file, dist/terraform-provider-flagplane.js (ESM, Node 22), dependencies
 * included: `install` copies dist/ and proto/ into Terraform's plugin directory, where no node_modules
 * exists. Terraform starts the provider for every command (often twice), so start-up time counts.
 */
import { chmod, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const packageJson = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const outdir = new URL('../dist/', import.meta.url).pathname;
const outfile = `${outdir}terraform-provider-flagplane.js`;

await rm(outdir, { recursive: true, force: true });

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: process.env.FLAGPLANE_BUNDLE_MINIFY !== '0',
  sourcemap: false,
  legalComments: 'none',
  define: { FLAGPLANE_PROVIDER_VERSION: JSON.stringify(packageJson.version) },
  // Bundled CommonJS dependencies (gRPC, protobufjs) call require(); give the ESM bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __flagplaneCreateRequire } from 'node:module';\nconst require = __flagplaneCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
