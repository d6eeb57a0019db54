// The admin's client for an article's past: the History API through the signed-in editor's
// @sanity/client (its revisions, the article at one of them), the service's list of who the
// identities are, and Recently deleted. Admin code only. Answers are checked before they reach a
// component, so it always gets the shapes its props promise.

import type { SanityClient } from '@sanity/client'
import type { StoredArticle } from '../admin/articleForm/document.ts'
import { articleHistoryIds, parseTransactions, revisionsListed, type DeletedArticle, type Revision } from '../admin/history.ts'
import { newsroomBase } from './newsroom.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The article's revisions, newest first (its published document's and its draft's together). */
export async function articleRevisions(client: SanityClient, id: string): Promise<Revision[]> {
  const { dataset } = client.config()
  const ids = articleHistoryIds(id).map(encodeURIComponent).join(',')
  const text = await client.request<unknown>({ uri: `/data/history/${dataset}/transactions/${ids}?excludeContent=true&reverse=true&limit=${revisionsListed}` })
  return typeof text === 'string' ? parseTransactions(text) : []
}

/** The article's documents as a revision left them: published, draft, or both. */
export async function articleAtRevision(client: SanityClient, id: string, revision: string): Promise<StoredArticle[]> {
  const { dataset } = client.config()
  const ids = articleHistoryIds(id).map(encodeURIComponent).join(',')
  const body = await client.request<unknown>({ uri: `/data/history/${dataset}/documents/${ids}?revision=${encodeURIComponent(revision)}` })
  const documents = isRecord(body) && Array.isArray(body.documents) ? body.documents : []
  return documents.filter((d): d is StoredArticle => isRecord(d) && typeof d._id === 'string')
}

/**
 * The emails behind identities, by identity. An identity the service does not know (an API token,
 * or a hosted project without this endpoint) is left out, and the panel names it otherwise.
 */
export async function identityEmails(token: string, identities: readonly string[]): Promise<Map<string, string | null>> {
  const emails = new Map<string, string | null>()
  const asked = [...new Set(identities.filter((id) => id !== ''))]
  if (asked.length === 0) return emails
  try {
    const res = await fetch(`${newsroomBase()}/newsroom/identities/${asked.map(encodeURIComponent).join(',')}`, { headers: { authorization: `Bearer ${token}` } })
    if (!res.ok) return emails
    const body = (await res.json()) as unknown
    for (const entry of isRecord(body) && Array.isArray(body.identities) ? body.identities : []) {
      if (isRecord(entry) && typeof entry.id === 'string') emails.set(entry.id, typeof entry.email === 'string' ? entry.email : null)
    }
  } catch {
    // Names are a nicety: without them the panel shows the identities.
  }
  return emails
}

/** Articles deleted in the last 30 days and not written since, newest first. */
export async function deletedArticles(client: SanityClient): Promise<DeletedArticle[]> {
  const { dataset } = client.config()
  const body = await client.request<unknown>({ uri: `/data/history/${dataset}/deleted?type=article` })
  const documents = isRecord(body) && Array.isArray(body.documents) ? body.documents : []
  return documents.flatMap((d): DeletedArticle[] =>
    isRecord(d) && typeof d.id === 'string' && typeof d.deletedAt === 'string' && isRecord(d.document) && typeof d.document._id === 'string'
      ? [
          {
            id: d.id,
            deletedAt: d.deletedAt,
            deletedBy: typeof d.deletedBy === 'string' ? d.deletedBy : '',
            deletedByEmail: typeof d.deletedByEmail === 'string' ? d.deletedByEmail : null,
            document: d.document as StoredArticle,
          },
        ]
      : [],
  )
}
