import { Link } from '@tanstack/react-router'
import { audienceEditPath, audienceWindowLabels, readsPhrase, unpublishedTitle } from '../../content/admin/audience.ts'
import type { AudienceWindow, TopArticle } from '../../../shared/audience.ts'
import { ReadsChart } from './ReadsChart.tsx'
import './TopArticles.css'

export interface TopArticlesProps {
  articles: TopArticle[]
  /** The window they are ranked by. */
  window: AudienceWindow
  /** The start of each hour of the articles' series (the overview's hours), oldest first. */
  hourStarts: string[]
}

/** The most read articles, most read first, each with its reads and its last 24 hours hour by hour. */
export function TopArticles({ articles, window, hourStarts }: TopArticlesProps) {
  if (articles.length === 0) {
    return <p className="top-articles__empty">No article was read in the {window === 'hour' ? 'last hour' : 'last 24 hours'}.</p>
  }
  return (
    <ol className="top-articles">
      {articles.map((article) => {
        const title = article.title ?? unpublishedTitle
        const edit = audienceEditPath(article.type, article.id)
        return (
          <li key={article.id} className="top-articles__item">
            <div className="top-articles__text">
              <p className="top-articles__title">
                {edit ? (
                  <Link to={edit.to} params={edit.params}>
                    {title}
                  </Link>
                ) : (
                  <span className="top-articles__gone">
                    {title} <span className="top-articles__id">({article.id})</span>
                  </span>
                )}
              </p>
              <p className="top-articles__figures">
                <span className={window === 'hour' ? 'top-articles__ranked' : undefined}>
                  {readsPhrase(article.lastHour)} in the {audienceWindowLabels.hour.toLowerCase()}
                </span>
                {' · '}
                <span className={window === 'day' ? 'top-articles__ranked' : undefined}>
                  {readsPhrase(article.lastDay)} in the {audienceWindowLabels.day.toLowerCase()}
                </span>
              </p>
            </div>
            <ReadsChart size="small" title={`Reads of “${title}” hour by hour, last 24 hours`} hours={hourStarts.map((hour, i) => ({ hour, reads: article.hours[i] ?? 0 }))} />
          </li>
        )
      })}
    </ol>
  )
}

