/**
 * `flagplane eval`: what a context is served (§21). Against a server through the playground
 * (`POST …/environments/{env}/evaluate`), or with `--local -f flags.yaml` by the same evaluator on a
 * document, with no server at all.
 */
import type { EvaluationResultShape } from '@flagplane/contract';
import { FlagEvaluator } from '@flagplane/evaluation';
import { evaluationDataFromDesiredState } from '@flagplane/evaluation/desired-state';
import { loadDesiredState } from '../desired/load-desired-state.js';
import { contextArgument } from '../evaluate/context-argument.js';
import { resultsAsText } from '../evaluate/results-text.js';
import { terminalStyle } from '../output/terminal-style.js';
import { openApiSession } from './api-session.js';
import { exitCodes } from './exit-codes.js';
import { type GlobalOptions, UsageError } from './global-options.js';
import { writeJson, writeText } from './write-output.js';

export interface EvalOptions extends GlobalOptions {
  readonly org?: string;
  readonly project?: string;
  readonly env: string;
  readonly context: string;
  readonly flag?: string[];
  readonly local?: boolean;
  readonly file?: string;
}

export async function evalCommand(options: EvalOptions): Promise<number> {
  const context = contextArgument(options.context);
  const results = options.local
    ? await evaluateLocally(options, context)
    : await evaluateRemotely(options, context);
  if (options.json) writeJson({ items: results });
  else writeText(resultsAsText(results, terminalStyle(process.stdout)));
  return exitCodes.success;
}

async function evaluateRemotely(
  options: EvalOptions,
  context: ReturnType<typeof contextArgument>,
): Promise<readonly EvaluationResultShape[]> {
  if (options.file)
    throw new UsageError('-f evaluates a document: add --local (without it, eval asks the server)');
  if (!options.org || !options.project)
    throw new UsageError('eval needs --org and --project (or --local -f <file>)');
  const session = openApiSession(options);
  const answer = await session.client.environments.evaluate(options.org, options.project, options.env, {
    context,
    ...(options.flag?.length ? { flags: options.flag } : {}),
  });
  return answer.items;
}

async function evaluateLocally(
  options: EvalOptions,
  context: ReturnType<typeof contextArgument>,
): Promise<readonly EvaluationResultShape[]> {
  if (!options.file) throw new UsageError('--local needs the document: -f <file>');
  const loaded = await loadDesiredState({ file: options.file });
  let data: ReturnType<typeof evaluationDataFromDesiredState>;
  try {
    data = evaluationDataFromDesiredState(loaded.state, {
      project: options.project,
      environment: options.env,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const evaluator = new FlagEvaluator(data);
  const known = new Set(evaluator.keys());
  const unknown = (options.flag ?? []).filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw new UsageError(`no flag ${unknown.map((key) => `"${key}"`).join(', ')} in the document`);
  return evaluator.evaluateAll(context, options.flag?.length ? options.flag : undefined);
}
