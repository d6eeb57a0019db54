import './PrintAddress.css'

export interface PrintAddressProps {
  /** The site's origin: PUBLIC_URL, or the one the page was asked for on (the router context's). */
  origin: string
  /** The page's path and query, as the router has it. */
  path: string
}

/**
 * The page's address, shown only on paper, so a printed article says where it is read online. The
 * origin is the one the page's canonical address uses, the same on the server and in the browser,
 * so a page printed without JavaScript has its whole address too.
 */
export function PrintAddress({ origin, path }: PrintAddressProps) {
  return (
    <p className="print-address">
      Read online at <span className="print-address__url">{`${origin}${path}`}</span>
    </p>
  )
}
