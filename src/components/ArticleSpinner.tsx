import './ArticleSpinner.css'

/**
 * The spinner while an article loads. Its own small file because the router keeps pending
 * components in the main bundle (they must show before the route's chunk arrives); the other
 * states live in ArticleStatus, which loads with the route.
 */
export function ArticleSpinner() {
  return (
    <div className="article-spinner" role="status" aria-label="Loading article">
      <span className="article-spinner__wheel" aria-hidden="true" />
    </div>
  )
}
