import { formatReads, sourceShares } from '../../content/admin/audience.ts'
import type { SourceReads } from '../../../shared/audience.ts'
import './SourceBreakdown.css'

export interface SourceBreakdownProps {
  sources: SourceReads[]
  /** The table's caption: which reads these are ("Where readers came from, last 24 hours"). */
  caption: string
}

/** Where readers came from: a table of each source's reads and share, each share drawn as a bar. */
export function SourceBreakdown({ sources, caption }: SourceBreakdownProps) {
  const shares = sourceShares(sources)
  return (
    <table className="source-breakdown">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Reads</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {shares.map((s) => (
          <tr key={s.source}>
            <th scope="row">{s.label}</th>
            <td className="source-breakdown__reads">{formatReads(s.reads)}</td>
            <td>
              <span className="source-breakdown__share">
              <svg className="source-breakdown__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect className="source-breakdown__track" x="0" y="0" width="100" height="10" />
                <rect className="source-breakdown__fill" x="0" y="0" width={s.percent} height="10" />
              </svg>
              <span>{s.percent}%</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
