import { createContext, useContext } from 'react';

/** The company's clock the logbook's times are read on: its today (YYYY-MM-DD) and time zone. */
export type LogbookClock = { today: string | undefined; timezone: string | undefined };

// A context rather than column props: the columns stay the same while the counts (which carry the
// clock) load and reload, so the saved grid is restored once.
export const LogbookClockContext = createContext<LogbookClock>({ today: undefined, timezone: undefined });

export const useLogbookClock = (): LogbookClock => useContext(LogbookClockContext);
