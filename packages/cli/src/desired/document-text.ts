/**
 * The text of a desired-state file: JSON when it looks like JSON (or is named .json), YAML otherwise,
 * parsed with the maintained `yaml` package (loaded only here). Keeps the parsed document so that a
 * problem's property path can be turned into the line it is on.
 */
import type { PathSegment } from '@flagplane/contract';
import { DesiredStateError } from '@flagplane/engine';
import { loadYaml } from './load-yaml.js';

export interface ParsedDocument {
  readonly value: unknown;
  readonly lineOf: (segments: readonly PathSegment[]) => number | undefined;
}

export async function parseDocumentText(text: string, file: string): Promise<ParsedDocument> {
  const { LineCounter, parseDocument } = await loadYaml();
  const lineCounter = new LineCounter();
  // JSON is YAML 1.2, so one parser gives positions for both.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw new DesiredStateError(
      file,
      document.errors.map((error) => {
        // `linePos` is filled in only for pretty errors; the offset always is.
        const position = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
        return `${position ? `line ${position.line}, column ${position.col}: ` : ''}${error.message.split('\n')[0]}`;
      }),
    );
  }
  return {
    value: document.toJS({ maxAliasCount: 100 }),
    lineOf: (segments) => lineOfPath(document, segments, lineCounter),
  };
}

interface PositionedNode {
  readonly range?: readonly [number, number, number] | null;
}

/** The line of the deepest node along `segments` that exists in the document. */
export function lineOfPath(
  document: { getIn(path: Iterable<unknown>, keepScalar?: boolean): unknown },
  segments: readonly PathSegment[],
  lineCounter: { linePos(offset: number): { line: number; col: number } },
): number | undefined {
  for (let length = segments.length; length >= 0; length--) {
    const node = document.getIn(segments.slice(0, length), true) as PositionedNode | undefined;
    if (node && typeof node === 'object' && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}
