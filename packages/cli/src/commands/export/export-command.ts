/** `flagplane export`: the live state of an organization (or one project) as a desired-state file. */
import { writeFile } from 'node:fs/promises';
import { listProjectKeys, liveToDesired, readLiveState } from '@flagplane/engine';
import { loadYaml } from '../../desired/load-yaml.js';
import { resolveUserPath } from '../../user-directory.js';
import { openApiSession } from '../shared/api-session.js';
import { exitCodes } from '../shared/exit-codes.js';
import type { GlobalOptions } from '../shared/global-options.js';
import { UsageError } from '../shared/global-options.js';
import { writeJson, writeText } from '../shared/write-output.js';

export interface ExportOptions extends GlobalOptions {
  readonly org: string;
  readonly project?: string[];
  readonly output?: string;
  readonly format?: string;
  readonly backingResource?: 'null_resource' | 'terraform_data';
}

export async function exportCommand(options: ExportOptions): Promise<number> {
  const format = options.format ?? formatOfFile(options.output);
  if (format !== 'json' && format !== 'yaml' && format !== 'cdktf-ts')
    throw new UsageError(`--format must be yaml, json or cdktf-ts; got "${format}"`);
  if (options.backingResource !== undefined && format !== 'cdktf-ts')
    throw new UsageError('--backing-resource applies to --format cdktf-ts only');
  const session = openApiSession(options);
  const reader = { client: session.client, organization: options.org, limit: session.limit };
  const projectKeys = options.project?.length ? options.project : await listProjectKeys(reader);
  session.progress.note(`reading ${projectKeys.length} project(s) of ${options.org}…`);
  const live = await readLiveState(reader, projectKeys);
  const missing = projectKeys.filter((key) => !live.projects.has(key));
  if (missing.length > 0)
    throw new UsageError(`no project ${missing.map((key) => `"${key}"`).join(', ')} in ${options.org}`);
  const document = liveToDesired(live);
  const text = await render(document, format, options.backingResource);
  if (options.output) {
    const file = resolveUserPath(options.output);
    await writeFile(file, text, 'utf8');
    if (options.json) writeJson({ organization: options.org, projects: projectKeys, file });
    else if (!options.quiet)
      process.stderr.write(`wrote ${projectKeys.length} project(s) to ${options.output}\n`);
  } else if (options.json && format !== 'cdktf-ts') {
    writeJson(document);
  } else {
    writeText(text);
  }
  return exitCodes.success;
}

function formatOfFile(output: string | undefined): string {
  if (output && /\.json$/i.test(output)) return 'json';
  if (output && /\.ts$/i.test(output)) return 'cdktf-ts';
  return 'yaml';
}

async function render(
  document: ReturnType<typeof liveToDesired>,
  format: 'json' | 'yaml' | 'cdktf-ts',
  backingResource: ExportOptions['backingResource'],
) {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  if (format === 'yaml') return (await loadYaml()).stringify(document, { lineWidth: 0 });
  // A CDKTF TypeScript app using @flagplane/cdktf's constructs (loaded only for this format).
  const { renderCdktfStack } = await import('./cdktf-ts/render-cdktf-stack.js');
  return renderCdktfStack(document, backingResource ? { backingResource } : {});
}
