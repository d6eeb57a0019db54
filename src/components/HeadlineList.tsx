export interface Headline {
  id: string
  title: string
  slug: string
}

export interface HeadlineListProps {
  headlines: Headline[] | null
  error?: string | null
}

/** The latest headlines, as a plain list: the holding page's proof that the content service answers. */
export function HeadlineList({ headlines, error }: HeadlineListProps) {
  if (error) return <p role="alert">Could not load the latest headlines: {error}</p>
  if (headlines === null) return <p aria-busy="true">Loading the latest headlines…</p>
  if (headlines.length === 0) return <p>No articles have been published yet.</p>
  return (
    <ul className="headlines">
      {headlines.map((h) => (
        <li key={h.id}>
          <a href={`/article/${h.slug}`}>{h.title}</a>
        </li>
      ))}
    </ul>
  )
}
