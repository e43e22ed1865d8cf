#!/usr/bin/env node
// `terraform-provider-flagplane`, as npm links it into node_modules/.bin. npm links a workspace's bin at
// install time only when the file exists, and dist/ exists only after a build, so the bin is this
// committed file, which runs the build (or says how to make one). Terraform itself runs the copy that
// `terraform-provider-flagplane install` puts into its plugin directory.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/terraform-provider-flagplane.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'terraform-provider-flagplane is not built (no dist/terraform-provider-flagplane.js): run `npm run build` at the repository root\n',
  );
  process.exit(1);
}
await import(entry.href);
