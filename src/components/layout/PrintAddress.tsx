import { useSyncExternalStore } from 'react'
import './PrintAddress.css'

export interface PrintAddressProps {
  /** The page's path and query, as the router has it. */
  path: string
}

const noSubscription = () => () => {}

/**
 * The page's address, shown only on paper, so a printed article says where it is read online. The
 * server does not know the address the reader used, so its HTML (and the browser's first render,
 * which must match it) has the path; the app completes it with the browser's origin.
 */
export function PrintAddress({ path }: PrintAddressProps) {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  )
  return (
    <p className="print-address">
      Read online at <span className="print-address__url">{`${origin}${path}`}</span>
    </p>
  )
}
