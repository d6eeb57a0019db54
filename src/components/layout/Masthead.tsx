import { londonDay, longDate } from '../../content/format/dates.ts'

export interface MastheadProps {
  /** The day the edition is for; the reader's today. */
  date: Date
}

export function Masthead({ date }: MastheadProps) {
  return (
    <div className="masthead">
      <div className="masthead__meta">
        <time dateTime={londonDay(date)}>{longDate(date)}</time>
        <span className="masthead__values">Informative / Accurate / Global</span>
      </div>
      <p className="masthead__title">
        <a href="/">Resonance</a>
      </p>
      <p className="masthead__tagline">Where truth finds its voice</p>
      <div className="masthead__meta">
        <span>Est. 2024</span>
        <span>London Edition</span>
      </div>
    </div>
  )
}
