// One clock for the reader's pages: the masthead's date and every "X ago". The first render uses the
// time the page was rendered at (the server's, for a page it rendered), so the browser's first
// render matches the HTML it takes over; from then on it is the reader's clock, ticking each minute.

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'

const NowContext = createContext<Date | null>(null)

export function ClockProvider({ startedAt, children }: { startedAt: Date; children: ReactNode }) {
  const [now, setNow] = useState(startedAt)
  useEffect(() => {
    // The first tick right after the page is taken over: a server-rendered page may be a minute old.
    const first = setTimeout(() => setNow(new Date()), 0)
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [])
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>
}

/** The current time, to the minute; outside a ClockProvider, the time of this render. */
export function useNow(): Date {
  return useContext(NowContext) ?? new Date()
}
