/**
 * `flagplane eval`: what a context is served (§21). Against a server through the playground
 * (`POST …/environments/{env}/evaluate`), or with `--local -f flags.yaml` by the same evaluator on a
 * document, with no server at all.
 */
import type { EvaluationResultShape } from '@flagplane/contract';
import { FlagEvaluator } from '@flagplane/evaluation';
import { evaluationDataFromDesiredState } from '@flagplane/evaluation/desired-state';
import { loadDesiredState } from '../../desired/load-desired-state.js';
import { terminalStyle } from '../../output/terminal-style.js';
import { openApiSession } from '../shared/api-session.js';
import { exitCodes } from '../shared/exit-codes.js';
import { type GlobalOptions, UsageError } from '../shared/global-options.js';
import { writeJson, writeText } from '../shared/write-output.js';
import { contextArgument } from './context-argument.js';
import { type RuleDescriptions, resultsAsText } from './results-text.js';

export interface EvalOptions extends GlobalOptions {
  readonly org?: string;
  readonly project?: string;
  readonly env: string;
  readonly context: string;
  readonly flag?: string[];
  readonly local?: boolean;
  readonly file?: string;
}

interface Evaluated {
  readonly results: readonly EvaluationResultShape[];
  /** The descriptions of the rules that served, for the table (the JSON output carries ids only). */
  readonly ruleDescriptions: () => Promise<RuleDescriptions>;
}

export async function evalCommand(options: EvalOptions): Promise<number> {
  const context = contextArgument(options.context);
  const { results, ruleDescriptions } = options.local
    ? await evaluateLocally(options, context)
    : await evaluateRemotely(options, context);
  if (options.json) writeJson({ items: results });
  else writeText(resultsAsText(results, terminalStyle(process.stdout), await ruleDescriptions()));
  return exitCodes.success;
}

/** The rules a document declares for the environment evaluated, by the ids the evaluator gave them. */
function describedRules(
  flags: readonly {
    readonly configuration: {
      readonly rules: readonly { readonly id: string; readonly description: string | null }[];
    };
  }[],
): RuleDescriptions {
  const descriptions = new Map<string, string>();
  for (const flag of flags)
    for (const rule of flag.configuration.rules)
      if (rule.description) descriptions.set(rule.id, rule.description);
  return descriptions;
}

async function evaluateRemotely(
  options: EvalOptions,
  context: ReturnType<typeof contextArgument>,
): Promise<Evaluated> {
  if (options.file)
    throw new UsageError('-f evaluates a document: add --local (without it, eval asks the server)');
  if (!options.org || !options.project)
    throw new UsageError('eval needs --org and --project (or --local -f <file>)');
  const { org, project, env } = options;
  const session = openApiSession(options);
  const answer = await session.client.environments.evaluate(org, project, env, {
    context,
    ...(options.flag?.length ? { flags: options.flag } : {}),
  });
  // The answer names a rule by id and position; its description is in the flag's configuration, read
  // only for the flags a rule served, a few at a time.
  const ruleDescriptions = async () => {
    const servedByRule = [
      ...new Set(answer.items.filter((item) => item.reason.kind === 'Rule').map((item) => item.flagKey)),
    ];
    const configurations = await Promise.all(
      servedByRule.map((flagKey) =>
        session.limit(() => session.client.flagEnvironments.retrieve(org, project, flagKey, env)),
      ),
    );
    return describedRules(configurations.map((configuration) => ({ configuration })));
  };
  return { results: answer.items, ruleDescriptions };
}

async function evaluateLocally(
  options: EvalOptions,
  context: ReturnType<typeof contextArgument>,
): Promise<Evaluated> {
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
  const results = evaluator.evaluateAll(context, options.flag?.length ? options.flag : undefined);
  return { results, ruleDescriptions: async () => describedRules(data.flags) };
}
