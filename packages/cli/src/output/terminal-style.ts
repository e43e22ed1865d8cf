/** Colors on a terminal, none when `NO_COLOR` is set (https://no-color.org) or output is not a TTY. */
export interface TerminalStyle {
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly red: (text: string) => string;
  readonly cyan: (text: string) => string;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
}

const plain = (text: string) => text;

export function terminalStyle(stream: { isTTY?: boolean }, environment = process.env): TerminalStyle {
  const enabled = Boolean(stream.isTTY) && !environment.NO_COLOR && environment.TERM !== 'dumb';
  if (!enabled) return { green: plain, yellow: plain, red: plain, cyan: plain, bold: plain, dim: plain };
  const code = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
  return {
    green: code(32, 39),
    yellow: code(33, 39),
    red: code(31, 39),
    cyan: code(36, 39),
    bold: code(1, 22),
    dim: code(2, 22),
  };
}
