/** Resources a desired state declares as someone else's: a project managed elsewhere, flags managed elsewhere. */
import { describe, expect, it } from 'vitest';
import { type DesiredStateInput, formatProblem, validateDesiredState } from '../src/index.js';

function stateInSharedProject(): DesiredStateInput {
  return {
    organization: 'acme',
    // A default that would delete projects must not reach a project this document does not own.
    removalPolicies: { project: 'delete' },
    projects: [
      {
        key: 'platform',
        managedElsewhere: true,
        environments: [{ key: 'production' }],
        flagsManagedElsewhere: ['kill-switch'],
        flags: [
          {
            key: 'search-v2',
            type: 'Boolean',
            removalPolicy: 'retain',
            environments: {
              production: { enabled: true, prerequisites: [{ flag: 'kill-switch', variation: 'off' }] },
            },
          },
        ],
      },
    ],
  };
}

function problemsOf(input: unknown): string[] {
  const result = validateDesiredState(input);
  return result.problems ? result.problems.map(formatProblem) : [];
}

describe('resources managed elsewhere', () => {
  it('accepts flags in a project managed elsewhere, with prerequisites on flags managed elsewhere', () => {
    const result = validateDesiredState(stateInSharedProject());
    expect(result.problems).toBeUndefined();
    expect(result.state?.projects[0]).toMatchObject({
      managedElsewhere: true,
      flagsManagedElsewhere: ['kill-switch'],
    });
  });

  it('refuses what only the owner of a project sets: its name, description, policy, environment settings', () => {
    const state = stateInSharedProject();
    Object.assign(state.projects[0]!, { name: 'Platform', description: 'theirs', removalPolicy: 'retain' });
    state.projects[0]!.environments = [{ key: 'production', color: '#ef4444', sortOrder: 1 }];
    // In document order: the properties assigned above come after the project's own.
    expect(problemsOf(state)).toEqual([
      'projects[0].environments[0].color: an environment of a project managed elsewhere takes only its key: this document never changes it',
      'projects[0].environments[0].sortOrder: an environment of a project managed elsewhere takes only its key: this document never changes it',
      'projects[0].name: a project managed elsewhere takes no name: this document never changes the project',
      'projects[0].description: a project managed elsewhere takes no description: this document never changes the project',
      'projects[0].removalPolicy: a project managed elsewhere takes no removalPolicy: this document never changes the project',
    ]);
  });

  it('refuses a flag managed both here and elsewhere, and one listed twice', () => {
    const state = stateInSharedProject();
    state.projects[0]!.flagsManagedElsewhere = ['kill-switch', 'search-v2', 'kill-switch'];
    expect(problemsOf(state)).toEqual([
      'projects[0].flagsManagedElsewhere[1]: flag "search-v2" is also declared at projects[0].flags[0]; a flag is managed either here or elsewhere',
      'projects[0].flagsManagedElsewhere[2]: duplicate flag managed elsewhere "kill-switch" (first declared at projects[0].flagsManagedElsewhere[0])',
    ]);
  });

  it('still names an unknown prerequisite, offering the flags managed elsewhere too', () => {
    const state = stateInSharedProject();
    state.projects[0]!.flags![0]!.environments!.production!.prerequisites = [
      { flag: 'kill-switsh', variation: 'off' },
    ];
    expect(problemsOf(state)).toEqual([
      'projects[0].flags[0].environments.production.prerequisites[0].flag: unknown flag "kill-switsh"; did you mean "kill-switch"?',
    ]);
  });

  it('checks a retained flag against the policy of a project this document owns, not one managed elsewhere', () => {
    const owned = stateInSharedProject();
    const project = owned.projects[0]!;
    delete project.managedElsewhere;
    expect(problemsOf(owned)).toEqual([
      "projects[0].flags[0].removalPolicy: cannot retain this flag: the project's removal policy is delete, which removes everything in it",
    ]);
  });
});
