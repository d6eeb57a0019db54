import { formatReads, updatedAtLabel } from '../../content/admin/audience.ts'
import type { ArticleAudience } from '../../../shared/audience.ts'
import { ReadsChart } from './ReadsChart.tsx'
import { SourceBreakdown } from './SourceBreakdown.tsx'
import './ArticleReads.css'

export type ArticleReadsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ArticleAudience }

export interface ArticleReadsProps {
  state: ArticleReadsState
  onRetry?: () => void
}

/** An article's own reads on its edit page: how many were counted, its last 24 hours, and its sources. */
export function ArticleReads({ state, onRetry }: ArticleReadsProps) {
  return (
    <section className="article-reads" aria-labelledby="article-reads-title">
      <h2 id="article-reads-title" className="article-reads__title">
        Reads
      </h2>
      {state.status === 'loading' ? (
        <p className="article-reads__quiet">Loading the reads…</p>
      ) : state.status === 'error' ? (
        <div className="article-reads__error" role="alert">
          <p>Failed to load the reads. {state.message}</p>
          {onRetry ? (
            <button type="button" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      ) : (
        <Reads data={state.data} />
      )}
    </section>
  )
}

function Reads({ data }: { data: ArticleAudience }) {
  if (data.totals.allTime === 0) {
    return <p className="article-reads__quiet">{data.published ? 'No reads counted yet.' : 'Not published: reads are counted once readers can open it.'}</p>
  }
  const figures = [
    { label: 'All counted', reads: data.totals.allTime },
    { label: 'Last 24 hours', reads: data.totals.lastDay },
    { label: 'Last hour', reads: data.totals.lastHour },
  ]
  return (
    <>
      <dl className="article-reads__figures">
        {figures.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{formatReads(f.reads)}</dd>
          </div>
        ))}
      </dl>
      <ReadsChart size="small" hours={data.hours} title="Its reads hour by hour, last 24 hours" />
      <SourceBreakdown sources={data.sources} caption="Where its readers came from, every read counted" />
      <p className="article-reads__quiet">{updatedAtLabel(data.generatedAt)}{data.published ? '' : '. It is not published now.'}</p>
    </>
  )
}
