// Every attendance query (mode lists, a mode, reasons, name checks) sits under one root key, so a
// change to a mode or a reason refreshes them all with one invalidation.
export const attendanceQueryKey = ['attendance'] as const;
