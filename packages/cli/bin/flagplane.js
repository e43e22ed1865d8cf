#!/usr/bin/env node
// `flagplane`, as npm links it into node_modules/.bin. npm links a workspace's bin at install time only
// when the file exists, and dist/ exists only after a build, so the bin is this committed file, which
// runs the build (or says how to make one).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/flagplane.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'flagplane: the CLI is not built (no dist/flagplane.js): run `npm run build` at the repository root\n',
  );
  process.exit(1);
}
await import(entry.href);
