/**
 * What a person types into the new-project form, and the creation body made of it (§7). Environments are
 * typed as keys, one a line; left as the form starts (the API's own defaults), none are sent, so the
 * project gets exactly the API's `development` and `production`, with their colors.
 */
import { defaultProjectEnvironments } from '@flagplane/contract';
import type { ProjectCreateParams } from '@flagplane/sdk';

export interface ProjectDraft {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  /** Environment keys, one a line, in order. */
  readonly environments: string;
}

const defaultEnvironmentKeys = defaultProjectEnvironments.map((environment) => environment.key);

export const emptyProjectDraft: ProjectDraft = {
  key: '',
  name: '',
  description: '',
  environments: defaultEnvironmentKeys.join('\n'),
};

/** The keys typed, trimmed, blank lines left out: what the body's `environments` lists, in order. */
export function environmentKeysOf(draft: ProjectDraft): string[] {
  return draft.environments
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** True when the draft asks for the API's default environments, which the body then leaves to the API. */
export function asksForDefaultEnvironments(draft: ProjectDraft): boolean {
  const keys = environmentKeysOf(draft);
  return (
    keys.length === defaultEnvironmentKeys.length &&
    keys.every((key, index) => key === defaultEnvironmentKeys[index])
  );
}

export function createBodyOf(draft: ProjectDraft): ProjectCreateParams {
  return {
    key: draft.key.trim(),
    // Left empty, the name is the key (the API's default); "" would be refused as an empty name.
    name: draft.name.trim() === '' ? null : draft.name,
    description: draft.description === '' ? null : draft.description,
    // An empty list is sent as typed, so that the API says a project needs one.
    ...(asksForDefaultEnvironments(draft)
      ? {}
      : { environments: environmentKeysOf(draft).map((key) => ({ key })) }),
  };
}
