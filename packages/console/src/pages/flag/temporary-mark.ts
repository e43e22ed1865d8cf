/** What `temporary` on a flag means, said the same way where it is shown and where it is set. */
export const temporaryHint =
  'Meant to be removed once it has done its job (a release or an experiment), unlike a permanent setting or kill switch.';
