// What the article form loads before it can be shown: the authors and categories for its selects
// and, in edit mode, the article itself (its draft over the published one, with the revisions a
// save must guard). The caller hands in `fetch`, so the route stays thin and this is tested here.

import type { Fetch } from '../contentService.ts'
import { loadFrontPageHolders, type FrontPageHolders, type PublishedFetch } from '../frontPage.ts'
import { valuesFromDocument, type LoadedArticle, type StoredArticle } from './document.ts'
import { draftBasis } from './draftVersusLive.ts'
import type { Option } from './values.ts'

export const authorsQuery = `*[_type == "author" && !(_id in path("drafts.**"))] | order(name asc, _id asc){"id": _id, name}`
export const categoriesQuery = `*[_type == "category" && !(_id in path("drafts.**"))] | order(title asc, _id asc){"id": _id, "name": title}`
export const articleDocumentsQuery = `*[_type == "article" && _id in [$id, "drafts." + $id]]`

export interface ArticleFormData {
  authors: Option[]
  categories: Option[]
  article: LoadedArticle | null
}

/** Authors and categories for the selects and, in edit mode, the article: its draft over the published one. */
export async function loadArticleForm(fetch: Fetch, id: string | null): Promise<ArticleFormData> {
  const [authors, categories, documents] = await Promise.all([
    fetch<Option[]>(authorsQuery),
    fetch<Option[]>(categoriesQuery),
    id ? fetch<StoredArticle[]>(articleDocumentsQuery, { id }) : Promise.resolve([] as StoredArticle[]),
  ])
  const published = documents.find((doc) => doc._id === id) ?? null
  const draft = documents.find((doc) => doc._id === `drafts.${id}`) ?? null
  const shown = draft ?? published
  const { basedOn, stale } = draftBasis(draft, published)
  return {
    authors: authors.filter((a) => typeof a.id === 'string' && typeof a.name === 'string'),
    categories: categories.filter((c) => typeof c.id === 'string' && typeof c.name === 'string'),
    article: shown
      ? {
          values: valuesFromDocument(shown, published !== null),
          base: shown,
          revisions: { published: published?._rev ?? null, draft: draft?._rev ?? null, basedOn },
          live: published,
          stale,
        }
      : null,
  }
}

/** What the form screen shows: the form's data, and who holds Breaking News and the Lead Story now. */
export interface ArticleFormScreenData extends ArticleFormData {
  frontPage: FrontPageHolders
}

/** The form's data and the homepage's single slots, loaded side by side. */
export async function loadArticleFormScreen(fetch: Fetch, fetchPublished: PublishedFetch, id: string | null): Promise<ArticleFormScreenData> {
  const [data, frontPage] = await Promise.all([loadArticleForm(fetch, id), loadFrontPageHolders(fetchPublished)])
  return { ...data, frontPage }
}
