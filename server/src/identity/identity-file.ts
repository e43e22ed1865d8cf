/** Reads the identity file named by FLAGPLANE_IDENTITIES (§17): readable, JSON, and a valid document. */
import { readFile } from 'node:fs/promises';
import { messageOf } from '../errno.js';
import { IdentityError, parseIdentityDocument } from './apply-identities.js';
import type { ParsedIdentityDocument } from './identity-document.js';

export async function readIdentityFile(path: string): Promise<ParsedIdentityDocument> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new IdentityError(`FLAGPLANE_IDENTITIES: cannot read ${path}: ${messageOf(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new IdentityError(`FLAGPLANE_IDENTITIES: ${path} is not valid JSON: ${messageOf(error)}`);
  }
  return parseIdentityDocument(json, path);
}
