/**
 * The playground (§21): what a context (a key and attributes) is served in one environment, for every
 * flag of the project or the ones named. The form keeps what was typed whatever comes back, so the next
 * try is one edit away. `?env=production&flags=a,b` preselects an environment and flags.
 */
import { type EnvironmentListItem, type EvaluationResults, ValidationError } from '@flagplane/sdk';
import type { RulePlace } from '@flagplane/sdk/names';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { ApiErrorMessage, fieldMessages } from '../components/api-error-message.js';
import { FormFooter } from '../components/form-footer.js';
import { SelectField, TextField } from '../components/text-field.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi, useWrite } from '../signed-in/use-api.js';
import { AttributeRowsEditor } from './playground/attribute-rows-editor.js';
import {
  type AttributeRow,
  newAttributeRow,
  parseAttributeRows,
  parseFlagKeys,
} from './playground/context-attributes.js';
import { EvaluationResultsTable } from './playground/evaluation-results-table.js';
import { rulePlacesOf } from './playground/rule-places.js';

export interface PlaygroundPageProps {
  readonly org: string;
  readonly project: string;
}

export function PlaygroundPage({ org, project }: PlaygroundPageProps) {
  const { state } = useApi(
    async ({ client }, signal) => {
      const environments: EnvironmentListItem[] = [];
      for await (const environment of client.environments.list(org, project, { limit: 200 }, { signal }))
        environments.push(environment);
      return environments;
    },
    [org, project],
  );
  return (
    <ProjectLayout org={org} project={project} tab="playground" crumbs={[{ label: 'Playground' }]}>
      <p class="muted">
        What a user, device or request is served: evaluated by the server, exactly as SDKs evaluate it.
        Nothing is changed.
      </p>
      {state.status === 'loading' && (
        <p class="loading" role="status">
          Loading environments…
        </p>
      )}
      {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <p>This project has no environment to evaluate in.</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <Playground org={org} project={project} environments={state.data} />
      )}
    </ProjectLayout>
  );
}

interface Evaluated {
  readonly environment: string;
  readonly contextKey: string;
  readonly results: EvaluationResults;
  /** The rules that served a flag, by id: their descriptions for the reasons. */
  readonly rules: ReadonlyMap<string, RulePlace>;
}

const environmentKey = (environment: EnvironmentListItem) => environment.key ?? environment.id;

function Playground({
  org,
  project,
  environments,
}: PlaygroundPageProps & { readonly environments: readonly EnvironmentListItem[] }) {
  const { query } = useLocation();
  const playground = consolePaths.playground(org, project);
  const [environment, setEnvironment] = useState(() =>
    environments.some((candidate) => environmentKey(candidate) === query.env)
      ? (query.env as string)
      : environmentKey(environments[0] as EnvironmentListItem),
  );
  const [contextKey, setContextKey] = useState('');
  const [rows, setRows] = useState<AttributeRow[]>(() => [newAttributeRow()]);
  const [flagsText, setFlagsText] = useState(query.flags ?? '');
  /** The flag keys of the last request, to name the one a `flags.<index>` message is about. */
  const [sentFlags, setSentFlags] = useState<readonly string[]>([]);
  const [problems, setProblems] = useState<ReadonlyMap<number, string>>(new Map());
  const [evaluated, setEvaluated] = useState<Evaluated | null>(null);
  const { pending, error, run, clearError } = useWrite();

  const submit = async () => {
    const parsed = parseAttributeRows(rows);
    setProblems(parsed.problems);
    if (parsed.problems.size > 0) {
      clearError();
      return;
    }
    const flags = parseFlagKeys(flagsText);
    setSentFlags(flags);
    const body = {
      // §23: the key is optional; without one, only percentage rollouts cannot answer.
      context: { ...(contextKey === '' ? {} : { key: contextKey }), attributes: parsed.attributes },
      ...(flags.length > 0 ? { flags } : {}),
    };
    const outcome = await run(async ({ client }) => {
      const results = await client.environments.evaluate(org, project, environment, body);
      return { results, rules: await rulePlacesOf(client, org, project, results) };
    });
    if (outcome.ok) setEvaluated({ environment, contextKey, ...outcome.value });
  };

  const flagErrors = fieldMessages(error, 'flags').length > 0;
  return (
    <>
      <section class="card" aria-labelledby="playground-context-heading">
        <h2 id="playground-context-heading">Context</h2>
        <form
          aria-label="Evaluate a context"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div class="toolbar">
            <SelectField
              id="playground-environment"
              label="Environment"
              path="environment"
              error={error}
              value={environment}
              onChange={(event) => setEnvironment(event.currentTarget.value)}
            >
              {environments.map((candidate) => (
                <option key={candidate.id} value={environmentKey(candidate)}>
                  {candidate.name ?? candidate.key}
                </option>
              ))}
            </SelectField>
            <TextField
              id="playground-context-key"
              label="Context key (targeting key, optional)"
              path="context.key"
              error={error}
              type="text"
              value={contextKey}
              placeholder="user-1"
              autocomplete="off"
              onInput={(event) => setContextKey(event.currentTarget.value)}
            />
          </div>
          <AttributeRowsEditor rows={rows} onChange={setRows} problems={problems} error={error} />
          <TextField
            id="playground-flags"
            label="Only these flags (optional, keys separated by commas or spaces)"
            path="flags"
            error={error}
            messages={flagErrors ? flagIssues(error, sentFlags) : []}
            type="text"
            value={flagsText}
            placeholder="every flag of the project"
            autocomplete="off"
            onInput={(event) => setFlagsText(event.currentTarget.value)}
          />
          {problems.size > 0 && (
            <p class="error-box" role="alert">
              Nothing was sent: fix the marked attributes first.
            </p>
          )}
          <ApiErrorMessage
            error={error}
            suggestionHref={(suggestion) => `${playground}?env=${encodeURIComponent(suggestion)}`}
          />
          {/* What is under way is said by the results' status line, below. */}
          <FormFooter submitLabel="Evaluate" pending={pending} pendingText={null} />
        </form>
      </section>
      <section aria-labelledby="playground-results-heading">
        <h2 id="playground-results-heading">Results</h2>
        <p role="status" class="muted">
          {pending
            ? 'Evaluating…'
            : evaluated
              ? `${evaluated.results.items.length} ${evaluated.results.items.length === 1 ? 'flag' : 'flags'} evaluated for ${contextName(evaluated.contextKey)} in ${evaluated.environment}.`
              : 'Enter a context and evaluate it to see what it is served.'}
        </p>
        {evaluated && evaluated.results.items.length === 0 && (
          <p>No flag to evaluate: the project has no flag that is not archived.</p>
        )}
        {evaluated && evaluated.results.items.length > 0 && (
          <EvaluationResultsTable
            org={org}
            project={project}
            items={evaluated.results.items}
            rules={evaluated.rules}
            caption={`What ${contextName(evaluated.contextKey)} is served in ${evaluated.environment}`}
          />
        )}
      </section>
    </>
  );
}

/** The messages about `flags`: `flags.<index>` ones name the key they are about when the API did not. */
function flagIssues(error: unknown, sentFlags: readonly string[]): string[] {
  if (!(error instanceof ValidationError)) return [];
  return Object.entries(error.fields)
    .filter(([path]) => path === 'flags' || path.startsWith('flags.'))
    .flatMap(([path, messages]) => {
      const key = sentFlags[Number(path.split('.')[1])];
      return messages.map((message) => (key && !message.includes(key) ? `${key}: ${message}` : message));
    });
}

/** “user-1”, or what a context without a key is. */
const contextName = (key: string) => (key === '' ? 'a context without a key' : `“${key}”`);
