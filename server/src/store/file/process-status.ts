/**
 * What Linux's `/proc/<pid>/stat` says about a process, to tell whether the owner of a lock still runs.
 * `process.kill(pid, 0)` alone cannot: it also succeeds for a zombie (a killed process whose parent has
 * not reaped it, which is forever where pid 1 reaps no orphans) and for an unrelated process that was
 * given the same pid later.
 */
import { readFile } from 'node:fs/promises';

export interface ProcessStatus {
  /** `R` running, `S` sleeping, `D` in I/O, …, `Z` zombie, `X` dead. */
  readonly state: string;
  /**
   * When the process started, in clock ticks since boot (field 22, `starttime`). A pid with its start
   * time names one process for as long as the machine runs, where a pid alone is reused.
   */
  readonly startTicks: number;
}

/**
 * The process's status, or null when it cannot be read: no `/proc` (not Linux), a `/proc` mounted with
 * `hidepid`, or a process that ended meanwhile. Callers then know no more than `process.kill` tells.
 */
export async function readProcessStatus(pid: number): Promise<ProcessStatus | null> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  return parseProcessStat(text);
}

export function isEnded(status: ProcessStatus): boolean {
  return status.state === 'Z' || status.state === 'X';
}

function parseProcessStat(text: string): ProcessStatus | null {
  // Field 2 is the command name in parentheses, which may itself hold spaces and parentheses (a process
  // can name itself `a) Z (b`), so the fields are counted from the last `)`.
  const commandEnd = text.lastIndexOf(')');
  if (commandEnd < 0) return null;
  const fields = text
    .slice(commandEnd + 1)
    .trim()
    .split(/\s+/);
  const state = fields[0]; // field 3
  const startTicks = Number(fields[19]); // field 22
  if (!state || !Number.isSafeInteger(startTicks)) return null;
  return { state, startTicks };
}
