import { Link } from '@tanstack/react-router'
import { audienceWindowLabels, noReadsMessage, scopeNote, updatedAtLabel } from '../../content/admin/audience.ts'
import { audienceWindows, type AudienceOverview, type AudienceWindow } from '../../../shared/audience.ts'
import { AudienceTotals } from './AudienceTotals.tsx'
import { LoadError } from './LoadError.tsx'
import { ReadsChart } from './ReadsChart.tsx'
import { SourceBreakdown } from './SourceBreakdown.tsx'
import { TopArticles } from './TopArticles.tsx'
import './AudienceReport.css'

export type AudienceReportState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `refreshError`: the last refresh failed, and the numbers shown are the ones read before. */
  | { status: 'ready'; data: AudienceOverview; refreshError?: string | null }

export interface AudienceReportProps {
  state: AudienceReportState
  /** The window the top articles are ranked by (the page's address says which). */
  window: AudienceWindow
  onRetry?: () => void
}

/** The Audience page: what readers read now, hour by hour, where they came from, and the top articles. */
export function AudienceReport({ state, window, onRetry }: AudienceReportProps) {
  return (
    <div className="audience-report">
      <h1 className="audience-report__title">Audience</h1>
      {state.status === 'loading' ? (
        <p className="audience-report__loading" role="status">
          Loading the reads…
        </p>
      ) : state.status === 'error' ? (
        <LoadError what="the reads" message={state.message} onRetry={onRetry} />
      ) : (
        <Report data={state.data} window={window} refreshError={state.refreshError ?? null} />
      )}
    </div>
  )
}

function Report({ data, window, refreshError }: { data: AudienceOverview; window: AudienceWindow; refreshError: string | null }) {
  return (
    <>
      <p className="audience-report__note">{scopeNote(data.scope)}</p>
      <p className="audience-report__updated">
        {updatedAtLabel(data.generatedAt)}; the numbers refresh every minute.
        {refreshError ? (
          <span className="audience-report__stale" role="status">
            {' '}
            Could not refresh them: {refreshError}
          </span>
        ) : null}
      </p>
      {!data.counted ? (
        <div className="audience-report__empty">
          <p className="audience-report__empty-title">{noReadsMessage(data.scope)}</p>
          <p>A read is counted when a reader opens a published article or photo essay; it shows here within about two minutes.</p>
        </div>
      ) : (
        <>
          <section aria-labelledby="audience-now">
            <h2 id="audience-now" className="audience-report__heading">
              Reads now
            </h2>
            <AudienceTotals totals={data.totals} />
          </section>
          <section aria-labelledby="audience-hours">
            <h2 id="audience-hours" className="audience-report__heading">
              Hour by hour
            </h2>
            <ReadsChart hours={data.hours} title="Reads hour by hour, last 24 hours" />
          </section>
          <section aria-labelledby="audience-top">
            <h2 id="audience-top" className="audience-report__heading">
              Top articles, {audienceWindowLabels[window].toLowerCase()}
            </h2>
            <nav className="audience-report__windows" aria-label="Rank the top articles by">
              {audienceWindows.map((w) => (
                <Link key={w} to="/admin/audience" search={w === 'day' ? { window: 'day' } : {}} activeOptions={{ exact: true, includeSearch: true }} className="audience-report__window">
                  {audienceWindowLabels[w]}
                </Link>
              ))}
            </nav>
            <TopArticles articles={data.top} window={window} hourStarts={data.hours.map((h) => h.hour)} />
          </section>
          <section aria-labelledby="audience-sources">
            <h2 id="audience-sources" className="audience-report__heading">
              Where readers came from
            </h2>
            <SourceBreakdown sources={data.sources} caption="Reads by source, last 24 hours" />
          </section>
        </>
      )}
    </>
  )
}
