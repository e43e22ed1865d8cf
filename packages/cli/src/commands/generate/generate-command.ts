/** `flagplane generate types -f flags.yaml [-o src/flags.ts]`: the document's flags as TypeScript types. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDesiredState } from '../../desired/load-desired-state.js';
import { resolveUserPath } from '../../user-directory.js';
import { exitCodes } from '../shared/exit-codes.js';
import { type GlobalOptions, UsageError } from '../shared/global-options.js';
import { writeJson, writeText } from '../shared/write-output.js';
import { projectToType, renderFlagTypes } from './flag-types.js';

export interface GenerateTypesOptions extends GlobalOptions {
  readonly file?: string;
  readonly output?: string;
  readonly project?: string;
}

export async function generateTypesCommand(options: GenerateTypesOptions): Promise<number> {
  if (!options.file) throw new UsageError('generate types needs the document: -f <file>');
  const loaded = await loadDesiredState({ file: options.file });
  let project: ReturnType<typeof projectToType>;
  try {
    project = projectToType(loaded.state, options.project);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const text = renderFlagTypes(project, path.basename(loaded.origin));
  if (!options.output) {
    writeText(text);
    return exitCodes.success;
  }
  const file = resolveUserPath(options.output);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, 'utf8');
  if (options.json) writeJson({ file, project: project.key, flags: (project.flags ?? []).length });
  else if (!options.quiet)
    process.stderr.write(`wrote the types of ${(project.flags ?? []).length} flag(s) to ${options.output}\n`);
  return exitCodes.success;
}
