/** A listen that failed, said in one line that names the address and what to change. */
import { hasCode } from './errno.js';

export class ListenError extends Error {
  override name = 'ListenError';
}

const explanations: Record<string, string> = {
  EADDRINUSE: 'the address is in use (another server? set PORT)',
  EADDRNOTAVAIL: 'the address is not one of this machine (set HOST)',
  EACCES: 'permission denied (ports below 1024 need privileges; set PORT)',
};

/** The error as a ListenError when it is one of the system's refusals to listen; otherwise unchanged. */
export function describeListenFailure(error: unknown, host: string, port: number): unknown {
  const code = Object.keys(explanations).find((known) => hasCode(error, known));
  if (code === undefined) return error;
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  return new ListenError(`cannot listen on ${address}: ${explanations[code]}`);
}
