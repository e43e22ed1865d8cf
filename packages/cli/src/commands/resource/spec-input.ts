/**
 * The spec of a low-level command: from an environment variable (what a Terraform provisioner passes:
 * `environment = { FLAGPLANE_SPEC = self.triggers.spec }`) or stdin, never from an argument, which any
 * user of the machine could read in the process list.
 */
import { UsageError } from '../shared/global-options.js';

export async function readSpecText(variable: string, environment = process.env): Promise<string> {
  const fromEnvironment = environment[variable];
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '') return fromEnvironment;
  if (process.stdin.isTTY) {
    throw new UsageError(`no spec: set ${variable} to the resource's JSON spec, or pipe it on stdin`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new UsageError(`no spec: ${variable} is not set and stdin is empty`);
  return text;
}

export function parseSpecJson(text: string, origin: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${origin} is not valid JSON: ${(error as Error).message}`);
  }
}
