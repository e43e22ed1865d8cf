/**
 * The provider's log: one JSON object per line on stderr, in the shape go-plugin reads from a plugin
 * (`@level`, `@message`, `@timestamp`, other keys as fields), so Terraform files each line under its own
 * level and shows it with `TF_LOG=DEBUG` / `TF_LOG_PROVIDER=TRACE`.
 *
 * Lines below the level Terraform shows are not written at all (Terraform would read and drop them, a
 * few per resource): the level is `TF_LOG_PROVIDER`'s, else `TF_LOG`'s, as Terraform passes its
 * environment on to the plugin; with neither, warnings and errors only.
 *
 * Secrets never reach a line: the token (and anything else registered with `redact`) is replaced
 * wherever it appears, in the message or in any field, before the line is written. The SDK's own log
 * lines never carry it either; this is the second lock on the same door.
 */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface Log {
  trace(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** From now on, this text never appears in a line. */
  redact(secret: string): void;
}

const redacted = '[redacted]';
const levels: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error'];

/** The lowest level written, from Terraform's own settings (`JSON` logs everything, `OFF` nothing). */
export function logLevelOf(environment: Readonly<Record<string, string | undefined>>): LogLevel | 'off' {
  const setting = (environment.TF_LOG_PROVIDER || environment.TF_LOG || '').trim().toLowerCase();
  if (setting === 'json') return 'trace';
  if (setting === 'off') return 'off';
  return levels.find((level) => level === setting) ?? 'warn';
}

export function createLog(
  write: (line: string) => void = (line) => process.stderr.write(line),
  lowest: LogLevel | 'off' = logLevelOf(process.env),
): Log {
  const enabled = (level: LogLevel) => lowest !== 'off' && levels.indexOf(level) >= levels.indexOf(lowest);
  const secrets = new Set<string>();
  const scrub = (text: string): string => {
    let result = text;
    for (const secret of secrets) result = result.split(secret).join(redacted);
    return result;
  };
  const line =
    (level: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (!enabled(level)) return;
      const entry = {
        '@level': level,
        '@message': message,
        '@module': 'flagplane',
        '@timestamp': hclogTimestamp(new Date()),
        ...fields,
      };
      write(`${scrub(JSON.stringify(entry, replaceErrors))}\n`);
    };
  return {
    trace: line('trace'),
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    redact(secret) {
      // Short strings would blank out ordinary words; tokens are 47 characters.
      if (secret.length >= 8) secrets.add(secret);
    },
  };
}

/** go-plugin parses `@timestamp` as `2006-01-02T15:04:05.000000Z07:00`: microseconds, then the zone. */
function hclogTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

function replaceErrors(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}
