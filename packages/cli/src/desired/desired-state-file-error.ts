/** The desired state could not be read at all (a missing file, a directory): nothing was sent to the API. */
export class DesiredStateFileError extends Error {
  override readonly name = 'DesiredStateFileError';

  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`cannot read the desired state ${file}: ${reason}`);
  }
}
