/** `plan` follows `terraform plan -detailed-exitcode`: 0 nothing to do, 2 changes, 1 an error. */
export const exitCodes = {
  success: 0,
  error: 1,
  changes: 2,
} as const;
