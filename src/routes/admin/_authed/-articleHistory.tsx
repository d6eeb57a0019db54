// The edit page's Preview link and History panel, beside the article form: the History API through
// the signed-in editor's client, shown by HistoryToolbar and HistoryPanel. A restore is the form's
// own guarded save with the revision's content (src/content/admin/history.ts), so it adds a revision
// and never rewrites one; the route then loads the form afresh. (Files starting with '-' are not routes.)

import type { Mutation } from '@sanity/client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { HistoryPanel, type ChangeItem, type RevisionListState, type ViewedRevisionState } from '../../../components/admin/HistoryPanel.tsx'
import { HistoryToolbar } from '../../../components/admin/HistoryToolbar.tsx'
import type { StoredArticle } from '../../../content/admin/articleForm/document.ts'
import { articleDocumentsQuery } from '../../../content/admin/articleForm/load.ts'
import { saveArticle } from '../../../content/admin/articleForm/save.ts'
import { authorName, diffArticle, referencedIds, referenceNamesQuery, restoreInput, revisionTime, shownArticle, textDiff } from '../../../content/admin/history.ts'
import type { ArticleBodyNode } from '../../../content/article/article.ts'
import { articleAtRevision, articleRevisions, identityEmails } from '../../../content/clients/history.ts'
import { authActor, toasts, withSession } from '../-session.ts'

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error))

/** What a viewed revision is compared with and restored over: the documents as they were then. */
interface Compared {
  revisionId: string
  revision: StoredArticle
  current: StoredArticle[]
}

export function ArticleHistory({ id, onRestored }: { id: string; onRestored: () => void }) {
  const [current, setCurrent] = useState<StoredArticle[]>([])
  const [open, setOpen] = useState(false)
  const [list, setList] = useState<RevisionListState>({ kind: 'loading' })
  const [viewed, setViewed] = useState<ViewedRevisionState | null>(null)
  const [restoring, setRestoring] = useState(false)
  const [restoreError, setRestoreError] = useState<string | null>(null)
  const compared = useRef<Compared | null>(null)
  // The revision last asked for: a slower answer for an earlier press is dropped.
  const asked = useRef<string | null>(null)

  const loadCurrent = useCallback(
    () => withSession((client) => client.fetch<StoredArticle[]>(articleDocumentsQuery, { id })).then((docs) => (setCurrent(docs), docs)),
    [id],
  )

  const loadList = useCallback(async () => {
    setList({ kind: 'loading' })
    try {
      const revisions = await withSession((client) => articleRevisions(client, id))
      const token = authActor.getSnapshot().context.session?.access_token
      const emails = token ? await identityEmails(token, revisions.map((r) => r.author)) : new Map<string, string | null>()
      setList({ kind: 'ready', revisions: revisions.map((r) => ({ id: r.id, time: revisionTime(r.timestamp), author: authorName(r.author, emails) })) })
    } catch (error) {
      setList({ kind: 'failed', message: messageOf(error) })
    }
  }, [id])

  useEffect(() => {
    loadCurrent().catch(() => {
      // Only the Preview link needs it; the form reports a failed load itself.
    })
  }, [loadCurrent])

  const view = async (revisionId: string) => {
    asked.current = revisionId
    compared.current = null
    setRestoreError(null)
    setViewed({ kind: 'loading', id: revisionId })
    try {
      const [atRevision, now] = await Promise.all([withSession((client) => articleAtRevision(client, id, revisionId)), loadCurrent()])
      const revision = shownArticle(atRevision, id)
      const shown = shownArticle(now, id)
      const refs = referencedIds(revision, shown)
      const names = refs.length === 0 ? [] : await withSession((client) => client.fetch<Array<{ _id: string; name: string | null }>>(referenceNamesQuery, { ids: refs }))
      if (asked.current !== revisionId) return
      const changes: ChangeItem[] = diffArticle(revision, shown, new Map(names.filter((n) => typeof n.name === 'string').map((n) => [n._id, n.name!]))).map((change) =>
        change.field === 'body' ? { ...change, diff: textDiff(change.revision, change.current) } : change,
      )
      if (revision) compared.current = { revisionId, revision, current: now }
      setViewed({
        kind: 'ready',
        id: revisionId,
        article: revision
          ? {
              title: typeof revision.title === 'string' ? revision.title : '',
              excerpt: typeof revision.excerpt === 'string' ? revision.excerpt : '',
              body: Array.isArray(revision.body) ? (revision.body as ArticleBodyNode[]) : [],
            }
          : null,
        changes,
      })
    } catch (error) {
      if (asked.current === revisionId) setViewed({ kind: 'failed', id: revisionId, message: messageOf(error) })
    }
  }

  const restore = async (revisionId: string) => {
    const target = compared.current
    if (!target || target.revisionId !== revisionId) return
    setRestoring(true)
    setRestoreError(null)
    try {
      await withSession((client) =>
        saveArticle({ fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as Mutation[]) }, restoreInput(id, target.revision, target.current)),
      )
      const when = listTime(list, revisionId)
      toasts.success('Success', when ? `The version of ${when} is restored.` : 'The version is restored.')
      asked.current = null
      compared.current = null
      setViewed(null)
      onRestored()
      await Promise.all([loadList(), loadCurrent().catch(() => [])])
    } catch (error) {
      setRestoreError(messageOf(error))
    } finally {
      setRestoring(false)
    }
  }

  const slug = shownArticle(current, id)?.slug
  const slugText = typeof slug === 'object' && slug !== null && typeof (slug as { current?: unknown }).current === 'string' ? (slug as { current: string }).current : ''

  return (
    <HistoryToolbar
      previewHref={slugText ? `/article/${encodeURIComponent(slugText)}?preview` : null}
      historyOpen={open}
      onToggleHistory={() => {
        if (!open) void loadList()
        setOpen(!open)
      }}
    >
      <HistoryPanel list={list} viewed={viewed} restoring={restoring} restoreError={restoreError} onRetry={() => void loadList()} onView={(r) => void view(r)} onRestore={(r) => void restore(r)} />
    </HistoryToolbar>
  )
}

function listTime(list: RevisionListState, revisionId: string): string {
  return list.kind === 'ready' ? (list.revisions.find((r) => r.id === revisionId)?.time ?? '') : ''
}
