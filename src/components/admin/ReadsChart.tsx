import { formatReads, hourLabel, hourRangeLabel, hoursSummary } from '../../content/admin/audience.ts'
import type { HourReads } from '../../../shared/audience.ts'
import './ReadsChart.css'

export interface ReadsChartProps {
  /** The hours to draw, oldest first. */
  hours: HourReads[]
  /** What the chart shows, as its heading and its table's caption says it. */
  title: string
  /** `small`: a sparkline for a list of articles, with no axis; `full`: the page's chart. */
  size?: 'full' | 'small'
}

const full = { width: 720, height: 160, top: 8, bottom: 1, left: 0 }
const small = { width: 192, height: 40, top: 2, bottom: 2, left: 0 }

/**
 * Reads hour by hour as bars in plain SVG. The drawing is one image whose name is its summary (the
 * most read hour and the total), and the same numbers are a table with a caption and headers, behind
 * "Show the numbers", for anyone who reads them rather than the bars.
 */
export function ReadsChart({ hours, title, size = 'full' }: ReadsChartProps) {
  const box = size === 'full' ? full : small
  const summary = hoursSummary(hours)
  const max = Math.max(1, ...hours.map((h) => h.reads))
  const plotHeight = box.height - box.top - box.bottom
  const step = (box.width - box.left) / Math.max(1, hours.length)
  const barWidth = Math.max(1, step * 0.7)
  return (
    <figure className={`reads-chart reads-chart--${size}`}>
      <figcaption className="reads-chart__title">{size === 'full' ? title : 'Hour by hour, last 24 hours'}</figcaption>
      <svg className="reads-chart__drawing" viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-label={`${title}: ${summary}`} preserveAspectRatio="none">
        <line className="reads-chart__axis" x1={box.left} x2={box.width} y1={box.height - box.bottom} y2={box.height - box.bottom} />
        {hours.map((h, i) => {
          const height = (h.reads / max) * plotHeight
          return <rect key={h.hour} className="reads-chart__bar" x={box.left + i * step + (step - barWidth) / 2} y={box.top + plotHeight - height} width={barWidth} height={height} />
        })}
      </svg>
      {size === 'full' ? (
        // Every sixth hour under its bar; the drawing's name and the table carry the same to assistive technology.
        <div className="reads-chart__labels" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${Math.max(1, hours.length)}, 1fr)` }}>
          {hours.map((h, i) =>
            i % 6 === 0 ? (
              <span key={h.hour} style={{ gridColumn: `${i + 1} / span 6` }}>
                {hourLabel(h.hour)}
              </span>
            ) : null,
          )}
        </div>
      ) : null}
      {size === 'full' ? <p className="reads-chart__summary">{summary}</p> : null}
      <details className="reads-chart__numbers">
        <summary>
          Show the numbers<span className="visually-hidden">: {title}</span>
        </summary>
        <table className="reads-chart__table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Hour (London)</th>
              <th scope="col">Reads</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.hour}>
                <th scope="row">{hourRangeLabel(h.hour)}</th>
                <td>{formatReads(h.reads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
