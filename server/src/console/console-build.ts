/**
 * The web console's build (packages/console, `npm run build`), as the server finds it at run time:
 *
 *   <dir>/console-manifest.json   what the build wrote: the page, the stylesheets, the first page's scripts
 *   <dir>/index.html              the one page of every console URL
 *   <dir>/assets/*                content-hashed scripts and stylesheets, served at /console/assets/
 *
 * The server depends on @flagplane/console and finds its build by package resolution
 * (`import.meta.resolve('@flagplane/console/package.json')`, then its `dist/`): installed from a registry,
 * that is the console's published build; in this repository, the workspace's `packages/console/dist`. So
 * that turbo can order the builds (server → console → sdk), neither the console nor the SDK declares the
 * server their tests run against (turbo.json names its build for their `test` and `typecheck` tasks).
 * Without a build, the server still works: `/console` then explains that the console is not built, and
 * `/docs` is served unstyled.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where the server serves the build's `assets/` (the manifest's `assetsUrl` must say the same). */
export const consoleAssetsUrl = '/console/assets/';

export interface ConsoleStylesheet {
  /** Its path in `assets/` (content-hashed). */
  readonly file: string;
  /** Where the browser finds it: `/console/assets/<file>`. */
  readonly url: string;
  /** The stylesheet, with its source map and relative `url()`s pointing at `/console/assets/`. */
  readonly content: string;
}

export type ConsoleBuild =
  | {
      readonly built: true;
      readonly assetsDirectory: string;
      /**
       * The page, as the build on disk has it now: read again when the file changed (a rebuild while the
       * server runs deletes the hashed scripts the old page names).
       */
      readonly indexHtml: () => string;
      /** The look of `/docs` and `/docs/errors`. */
      readonly docsStylesheet: ConsoleStylesheet;
    }
  | {
      readonly built: false;
      /** Why not, for the server's log (file paths: never shown to a browser). */
      readonly reason: string;
    };

const ConsoleManifest = z.object({
  assetsUrl: z.literal(consoleAssetsUrl),
  indexHtml: z.string().min(1),
  docsStylesheet: z.string().min(1),
});

/** Where npm's workspaces put the console's build: `<@flagplane/console>/dist`. */
function defaultConsoleDirectory(): string | Error {
  try {
    return join(dirname(fileURLToPath(import.meta.resolve('@flagplane/console/package.json'))), 'dist');
  } catch (error) {
    return error as Error;
  }
}

/** A file the manifest names, which must stay inside the build. */
function fileInside(directory: string, name: string): string {
  const path = resolve(directory, name);
  const inside = relative(directory, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new Error(`the manifest names ${name}, outside ${directory}`);
  return path;
}

/**
 * The stylesheet as `/docs` serves it (from `/docs/static/theme/`): references relative to the assets
 * (its source map, fonts or images esbuild copied) point at `/console/assets/` instead.
 */
function servedElsewhere(css: string, file: string): string {
  const folder = posix.dirname(file);
  const base = folder === '.' ? consoleAssetsUrl : `${consoleAssetsUrl}${folder}/`;
  return css
    .replace(
      /\/\*# sourceMappingURL=(?!data:)(?:\.\/)?([^\s*]+)\s*\*\//g,
      `/*# sourceMappingURL=${base}$1 */`,
    )
    .replace(/url\((["']?)\.\/(?=[^/])/g, `url($1${base}`);
}

/** A file's text, read again only when its modification time or size changed since the last read. */
function fileReadAgainWhenChanged(path: string): () => string {
  let text = readFileSync(path, 'utf8');
  const stamp = () => {
    try {
      const stats = statSync(path);
      return `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return ''; // gone for a moment (a rebuild empties dist/): keep serving the last text
    }
  };
  let seen = stamp();
  return () => {
    const now = stamp();
    if (now !== '' && now !== seen) {
      text = readFileSync(path, 'utf8');
      seen = now;
    }
    return text;
  };
}

/**
 * Builds found, by directory: the manifest and the docs stylesheet are read once per process, the page
 * again whenever it changes on disk.
 */
const found = new Map<string, ConsoleBuild & { built: true }>();

/**
 * The console's build in `directory` (default: the workspace's `packages/console/dist`), read once per
 * process. A missing or unreadable build is `built: false` with the reason, and is looked for again next
 * time (so a server built after `npm run build` finds it).
 */
export function loadConsoleBuild(directory?: string): ConsoleBuild {
  const where = directory === undefined ? defaultConsoleDirectory() : resolve(directory);
  if (where instanceof Error)
    return { built: false, reason: `@flagplane/console is not installed (${where.message})` };
  const known = found.get(where);
  if (known) return known;

  const manifestPath = join(where, 'console-manifest.json');
  let text: string;
  try {
    text = readFileSync(manifestPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      built: false,
      reason:
        code === 'ENOENT' ? `no ${manifestPath}` : `cannot read ${manifestPath}: ${(error as Error).message}`,
    };
  }
  try {
    const manifest = ConsoleManifest.parse(JSON.parse(text));
    const assetsDirectory = join(where, 'assets');
    const docsFile = manifest.docsStylesheet;
    const build = {
      built: true as const,
      assetsDirectory,
      indexHtml: fileReadAgainWhenChanged(fileInside(where, manifest.indexHtml)),
      docsStylesheet: {
        file: docsFile,
        url: `${consoleAssetsUrl}${docsFile}`,
        content: servedElsewhere(readFileSync(fileInside(assetsDirectory, docsFile), 'utf8'), docsFile),
      },
    };
    found.set(where, build);
    return build;
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    return { built: false, reason: `${manifestPath} is not a usable console build: ${message}` };
  }
}
