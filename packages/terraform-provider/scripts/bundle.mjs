/**
 * Bundles the provider into one file, dist/terraform-provider-flagplane.js (ESM, Node 22), dependencies
 * included: `install` copies dist/ and proto/ into Terraform's plugin directory, where no node_modules
 * exists. Terraform starts the provider for every command (often twice), so start-up time counts.
 */
import { bundleNodeBinary } from '../../../scripts/bundle-node-binary.mjs';

await bundleNodeBinary({
  packageDirectory: new URL('../', import.meta.url),
  entry: 'src/main.ts',
  outfileName: 'terraform-provider-flagplane.js',
  versionConstant: 'FLAGPLANE_PROVIDER_VERSION',
});
