/**
 * The first step of every run: a desired-state document checked by the contract's validator, every
 * problem reported at once (with its line, for a document read from a file) before any request is sent.
 */
import {
  type DesiredState,
  type DesiredStateProblem,
  formatProblem,
  validateDesiredState,
} from '@flagplane/contract';
import { DesiredStateError } from './desired-state-error.js';

/** A desired-state document as read (parsed YAML or JSON, an object in a test), not yet validated. */
export interface DesiredStateDocument {
  readonly value: unknown;
  /** Where it came from, for messages. @default 'desired state' */
  readonly origin?: string;
  /** Where relative paths in it (SDK keys' `plaintextFile`) start from. @default process.cwd() */
  readonly baseDirectory?: string;
  /** The line a problem is on, for a document read from a file. */
  readonly lineOf?: (problem: DesiredStateProblem) => number | undefined;
  /**
   * The `managedBy.source` written on what it declares when the document has no `source` of its own
   * (§20): `file:<path>` for a file. @default none: `managedBy` is left as it is
   */
  readonly defaultSource?: string;
}

/** A document that passed validation. */
export interface ValidDesiredState {
  readonly state: DesiredState;
  readonly origin: string;
  readonly baseDirectory: string;
  readonly defaultSource?: string;
}

/** Throws a `DesiredStateError` listing every problem of the document. */
export function validateDocument(document: DesiredStateDocument): ValidDesiredState {
  const origin = document.origin ?? 'desired state';
  const result = validateDesiredState(document.value);
  if (result.problems) {
    throw new DesiredStateError(
      origin,
      result.problems.map((problem) => {
        const line = document.lineOf?.(problem);
        return line === undefined ? formatProblem(problem) : `line ${line}: ${formatProblem(problem)}`;
      }),
    );
  }
  return {
    state: result.state,
    origin,
    baseDirectory: document.baseDirectory ?? process.cwd(),
    ...(document.defaultSource ? { defaultSource: document.defaultSource } : {}),
  };
}
