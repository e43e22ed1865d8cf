/**
 * Reads a desired state from a YAML or JSON file (`-f`) or from a synthesized CDKTF stack (`--synth`),
 * validates it with the contract's validator, and reports every problem with the file and the property
 * path (and, for YAML and JSON files, the line).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cdktfInventory, inventoryOfSynthesizedStack } from '@flagplane/contract';
import { DesiredStateError, type ValidDesiredState, validateDocument } from '@flagplane/engine';
import { resolveUserPath } from '../user-directory.js';
import { fileSource, stackSource } from './declaration-source.js';
import { DesiredStateFileError } from './desired-state-file-error.js';
import { parseDocumentText } from './document-text.js';

export interface DesiredStateSource {
  readonly file?: string;
  readonly synth?: string;
}

export async function loadDesiredState(source: DesiredStateSource): Promise<ValidDesiredState> {
  if (source.file && source.synth) throw new DesiredStateError('arguments', ['give -f or --synth, not both']);
  if (source.synth) return loadSynthesizedStack(source.synth);
  if (!source.file)
    throw new DesiredStateError('arguments', [
      'give the desired state with -f <file> or --synth <stack dir>',
    ]);
  const file = resolveUserPath(source.file);
  const text = await readText(file);
  const parsed = await parseDocumentText(text, file);
  return validateDocument({
    value: parsed.value,
    origin: file,
    baseDirectory: path.dirname(file),
    lineOf: (problem) => parsed.lineOf(problem.segments),
    defaultSource: fileSource(file),
  });
}

export async function loadSynthesizedStack(stackDirectory: string): Promise<ValidDesiredState> {
  const file = path.join(resolveUserPath(stackDirectory), cdktfInventory.stackFile);
  const text = await readText(file);
  let stack: unknown;
  try {
    stack = JSON.parse(text);
  } catch (error) {
    throw new DesiredStateError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  const inventory = inventoryOfSynthesizedStack(stack);
  if (inventory.error !== undefined) throw new DesiredStateError(file, [inventory.error]);
  const origin = `${file} (${inventory.location})`;
  // Terraform runs the provisioners in the stack's directory: the constructs write SDK-key files relative to it.
  return parseInventoryJson(
    inventory.desiredStateJson,
    origin,
    path.dirname(file),
    stackSource(path.dirname(file)),
  );
}

/** A desired state given as JSON text (an inventory trigger, `FLAGPLANE_PREVIOUS_INVENTORY`). */
export function parseInventoryJson(
  json: string,
  origin: string,
  baseDirectory: string,
  defaultSource?: string,
): ValidDesiredState {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new DesiredStateError(origin, [`not valid JSON: ${(error as Error).message}`]);
  }
  return validateDocument({ value, origin, baseDirectory, ...(defaultSource ? { defaultSource } : {}) });
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Not a problem *in* the desired state: there is none to read.
    throw new DesiredStateFileError(
      file,
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory (give the desired-state file itself, or --synth for a stack directory)'
          : `cannot be read (${code ?? String(error)})`,
    );
  }
}
