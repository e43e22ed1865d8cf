/**
 * `temporary` (decisions §8): a flag meant to be removed once it has done its job. Records written before
 * the property existed have none and read as false. A partial `PUT` that asks for the value the flag
 * already has leaves the record as it is, so repeating it writes nothing (flag-writes.ts), old record or not.
 */
import type { FlagRecord } from '../../store/records.js';

export function isTemporary(flag: Pick<FlagRecord, 'temporary'>): boolean {
  return flag.temporary === true;
}

/** What a `PUT` changes of `temporary`, to spread over the flag: omitted, null or the same value, nothing. */
export function temporaryUpdate(
  flag: Pick<FlagRecord, 'temporary'>,
  requested: boolean | null | undefined,
): Pick<FlagRecord, 'temporary'> {
  return requested == null || requested === isTemporary(flag) ? {} : { temporary: requested };
}
