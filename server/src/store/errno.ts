/** Tells Node's file-system errors apart by their `code` (ENOENT, EEXIST, …), the only stable part. */
export function hasCode(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? '')
  );
}
