/** Bad input: every problem in the desired state, located; nothing was sent to the API. */
export class DesiredStateError extends Error {
  override readonly name = 'DesiredStateError';
  readonly origin: string;
  readonly problems: readonly string[];

  constructor(origin: string, problems: readonly string[]) {
    super(
      `${origin}: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the desired state:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    this.origin = origin;
    this.problems = problems;
  }
}
