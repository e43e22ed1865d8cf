/**
 * Where the SDK reports what it does: a request sent, an answer, a retry. `console` fits, as does any
 * logger with `debug` and `warn`. Lines name the method, path, status, attempt and request id; never
 * headers, bodies or the token.
 */
export interface FlagplaneLogger {
  debug(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

export const silentLogger: FlagplaneLogger = {
  debug() {},
  warn() {},
};
