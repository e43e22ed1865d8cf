/**
 * The console asks before changing an environment, segment or SDK key of a project managed by code
 * (§20), or creating a flag in it, because its source declares those: this keeps the console's list of declared kinds in step with
 * the desired state's `DesiredProject`, so a kind the format drops stops being asked about, and one it
 * adds is seen here.
 */
import { DesiredProject } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { declaredInManagedProject, managedProjectChangeWarning } from '../src/components/managed-badge.js';

/** The arrays of children a declared project carries (`flagsManagedElsewhere` names flags, not a kind). */
const declaredChildren = Object.entries(DesiredProject.shape)
  .filter(([, schema]) => (schema.type === 'optional' ? schema.unwrap().type : schema.type) === 'array')
  .map(([property]) => property)
  .filter((property) => property !== 'flagsManagedElsewhere');

describe('what a managed project declares', () => {
  it('lists exactly the kinds of child the desired state declares in a project', () => {
    expect(
      Object.values(declaredInManagedProject)
        .map((kind) => kind.desiredStateProperty)
        .sort(),
    ).toEqual([...declaredChildren].sort());
  });

  it('names the source and says the next apply reverts the change; asks nothing when not managed', () => {
    const managedBy = { source: 'file:flags/web.yaml', environments: [], at: '2026-01-01T00:00:00.000Z' };
    const warning = managedProjectChangeWarning(managedBy, 'web', 'segment', 'delete');
    expect(warning).toContain('managed by file:flags/web.yaml');
    expect(warning).toContain('will revert this change');
    expect(managedProjectChangeWarning(managedBy, 'web', 'sdkKey', 'create')).toContain(
      'unless file:flags/web.yaml declares this SDK key too',
    );
    expect(managedProjectChangeWarning(managedBy, 'web', 'flag', 'create')).toContain(
      'unless file:flags/web.yaml declares this flag too',
    );
    expect(managedProjectChangeWarning(null, 'web', 'environment', 'change')).toBeNull();
  });
});
