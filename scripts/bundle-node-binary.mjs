/**
 * Bundles a package's executable with esbuild: ESM for Node 22, dependencies included, minified unless
 * FLAGPLANE_BUNDLE_MINIFY=0, a shebang, a `require` for the CommonJS dependencies the bundle takes in,
 * the package's version as a compile-time constant, and the entry file made executable. dist/ is emptied
 * first, so nothing from an older build survives.
 *
 * The CLI and the Terraform provider each call it from their scripts/bundle.mjs with what differs: the
 * entry, the constant's name, and code splitting (the CLI's --version must not parse what only commands
 * run; the provider is copied as one file into Terraform's plugin directory).
 */
import { chmod, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

/**
 * @param {object} options
 * @param {URL} options.packageDirectory the package's folder (ends with a slash)
 * @param {string} options.entry the entry's path inside the package (src/….ts)
 * @param {string} options.outfileName the executable's name in dist/ (….js)
 * @param {string} options.versionConstant the global the bundle reads its version from
 * @param {boolean} [options.splitting] dynamic imports as chunks under dist/chunks/
 */
export async function bundleNodeBinary({
  packageDirectory,
  entry,
  outfileName,
  versionConstant,
  splitting = false,
}) {
  const packageJson = JSON.parse(await readFile(new URL('package.json', packageDirectory), 'utf8'));
  const outdir = new URL('dist/', packageDirectory).pathname;
  const outfile = `${outdir}${outfileName}`;
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [new URL(entry, packageDirectory).pathname],
    ...(splitting
      ? { outdir, entryNames: '[name]', chunkNames: 'chunks/[name]-[hash]', splitting: true }
      : { outfile }),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    minify: process.env.FLAGPLANE_BUNDLE_MINIFY !== '0',
    sourcemap: false,
    legalComments: 'none',
    define: { [versionConstant]: JSON.stringify(packageJson.version) },
    // Bundled CommonJS dependencies call require(); give the ESM bundle one.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __flagplaneCreateRequire } from 'node:module';\nconst require = __flagplaneCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  await chmod(outfile, 0o755);
}
