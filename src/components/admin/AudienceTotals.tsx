import { formatReads, totalsFigures } from '../../content/admin/audience.ts'
import type { ReadTotals } from '../../../shared/audience.ts'
import './AudienceTotals.css'

export interface AudienceTotalsProps {
  totals: ReadTotals
}

/** Reads in the last 5 minutes, hour and 24 hours, as three figures. */
export function AudienceTotals({ totals }: AudienceTotalsProps) {
  return (
    <dl className="audience-totals">
      {totalsFigures(totals).map((figure) => (
        <div key={figure.label} className="audience-totals__item">
          <dt>{figure.label}</dt>
          <dd className="audience-totals__number">{formatReads(figure.reads)}</dd>
          <dd className="audience-totals__unit">{figure.reads === 1 ? 'read' : 'reads'}</dd>
        </div>
      ))}
    </dl>
  )
}
