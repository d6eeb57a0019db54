// An editor's preview of an article at its reader address (docs/decisions/014-preview.md). The server
// never renders a draft: this runs in the browser after hydration, so the first render is the
// server's own (the 404, or the published article) and only the browser of someone signed in who
// writes drafts (contributors too) then asks the drafts perspective and shows the draft with the
// PreviewBanner. Everyone else keeps the page as it was. (Files starting with '-' are not routes.)

import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { PreviewBanner } from '../components/article/PreviewBanner.tsx'
import { loadArticle, type LoadedArticle } from '../content/article/article.ts'
import { articleBySlugQuery } from '../content/article/query.ts'
import { fetchPreview, parsePreviewSession, storedSessionText, subscribeToStoredSession } from '../content/clients/preview.ts'
import type { ContentSource } from '../content/clients/source.ts'

type PreviewResult = { kind: 'shown'; loaded: LoadedArticle } | { kind: 'none' } | { kind: 'failed'; message: string }

export interface ArticlePreviewProps {
  slug: string
  /** Where the readers' queries go: the article itself comes from the drafts, the rest as readers see it. */
  content: ContentSource
  /** How the page shows a loaded article. */
  render: (loaded: LoadedArticle) => ReactNode
  /** What the page shows readers, and editors until (or unless) there is a draft to show. */
  children: ReactNode
}

export function ArticlePreview({ slug, content, render, children }: ArticlePreviewProps) {
  // The server has no session (null), so hydration renders the server's page; the stored one follows.
  const stored = useSyncExternalStore(subscribeToStoredSession, storedSessionText, () => null)
  const session = useMemo(() => parsePreviewSession(stored), [stored])
  const [result, setResult] = useState<{ slug: string; token: string; result: PreviewResult } | null>(null)

  useEffect(() => {
    if (!session) return
    let live = true
    const settle = (outcome: PreviewResult) => {
      if (live) setResult({ slug, token: session.token, result: outcome })
    }
    // Only the article query reads drafts: "More from" lists what readers will see beside it.
    loadArticle((query, params) => (query === articleBySlugQuery ? fetchPreview(session, query, params) : content.fetch(query, params)), slug).then(
      (loaded) => settle(loaded ? { kind: 'shown', loaded } : { kind: 'none' }),
      (error: unknown) => settle({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      live = false
    }
  }, [slug, content, session])

  if (!session) return children
  const current = result && result.slug === slug && result.token === session.token ? result.result : null
  if (current?.kind === 'none') return children
  if (current?.kind === 'shown') {
    const id = current.loaded.article._id.replace(/^drafts\./, '')
    return (
      <>
        <PreviewBanner state={{ kind: 'shown', editHref: id ? `/admin/edit/articles/${encodeURIComponent(id)}` : null }} />
        {render(current.loaded)}
      </>
    )
  }
  return (
    <>
      <PreviewBanner state={current ? { kind: 'failed', message: current.message } : { kind: 'loading' }} />
      {children}
    </>
  )
}
