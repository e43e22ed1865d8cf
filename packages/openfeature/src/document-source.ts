/**
 * Flags from a desired-state document (the flags.yaml `flagplane apply` reads), with no server: a
 * document given as data, or a file that is watched and read again when it changes, as flagd's file mode
 * does. A file that no longer reads or validates keeps the last good flags in use (the provider goes
 * stale) until it is fixed.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type DesiredStateInput, validateDesiredState } from '@flagplane/contract';
import type { EvaluationData } from '@flagplane/evaluation';
import { evaluationDataFromDesiredState } from '@flagplane/evaluation/desired-state';
import { parse as parseYaml } from 'yaml';
import type { FlagDataSource, SourceListener } from './data-source.js';

export interface DocumentOptions {
  /** The environment whose configurations to serve. */
  readonly environment: string;
  /** The project, by key; optional when the document declares one. */
  readonly project?: string;
}

/** The evaluation data a document declares for one environment; throws, listing its problems, if invalid. */
export function evaluationDataOf(raw: unknown, where: string, options: DocumentOptions): EvaluationData {
  const validation = validateDesiredState(raw);
  if (!validation.state) {
    const problems = validation.problems.map((problem) => `  ${problem.path}: ${problem.message}`);
    throw new Error(`${where} is not a valid desired state:\n${problems.join('\n')}`);
  }
  return evaluationDataFromDesiredState(validation.state, options);
}

/** A document given as data: served as it is, never changing. */
export class StaticDocumentSource implements FlagDataSource {
  readonly mode = 'static';
  readonly #data: EvaluationData;

  constructor(document: DesiredStateInput, options: DocumentOptions) {
    this.#data = evaluationDataOf(document, 'the document', options);
  }

  async start(listener: SourceListener): Promise<void> {
    listener.updated(this.#data);
    listener.fresh();
  }

  stop(): void {}
}

/** Changes that arrive together (an editor's write in several steps) are read once. */
const settleMs = 50;

/** A document in a YAML or JSON file, read again whenever it changes. */
export class DocumentFileSource implements FlagDataSource {
  readonly mode = 'watching';
  readonly #file: string;
  readonly #options: DocumentOptions;
  #listener: SourceListener | undefined;
  #watcher: FSWatcher | undefined;
  #settle: NodeJS.Timeout | undefined;
  /** The text last served, so a write that changes nothing changes nothing. */
  #text: string | undefined;

  constructor(file: string, options: DocumentOptions) {
    this.#file = path.resolve(file);
    this.#options = options;
  }

  /** Reads and validates the file now (a bad file is an error here, before anything is served). */
  async load(): Promise<EvaluationData> {
    const text = await readFile(this.#file, 'utf8');
    const data = evaluationDataOf(parseYaml(text), this.#file, this.#options);
    this.#text = text;
    return data;
  }

  async start(listener: SourceListener): Promise<void> {
    this.#listener = listener;
    listener.updated(await this.load());
    listener.fresh();
    // The directory, not the file: editors and deploys replace a file by renaming another onto it, which
    // a watch on the file itself would stop seeing.
    this.#watcher = watch(path.dirname(this.#file), { persistent: false }, (_event, name) => {
      if (name !== null && name !== path.basename(this.#file)) return;
      clearTimeout(this.#settle);
      this.#settle = setTimeout(() => void this.#reload(), settleMs);
    });
    this.#watcher.on('error', (error) => listener.failed(error));
  }

  stop(): void {
    clearTimeout(this.#settle);
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#listener = undefined;
  }

  async #reload(): Promise<void> {
    const listener = this.#listener;
    if (!listener) return;
    try {
      const text = await readFile(this.#file, 'utf8');
      if (text !== this.#text) {
        const data = evaluationDataOf(parseYaml(text), this.#file, this.#options);
        this.#text = text;
        if (this.#listener) listener.updated(data);
      }
      if (this.#listener) listener.fresh();
    } catch (error) {
      if (this.#listener) listener.failed(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
