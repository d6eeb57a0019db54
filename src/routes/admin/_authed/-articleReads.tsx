// An article's own reads under its edit form (ArticleReads), refreshed every minute and on focus.
// Shown to whoever may see them: the service refuses a contributor another writer's article (403),
// and then the panel is left out rather than shown as an error. (Files starting with '-' are not routes.)

import { ArticleReads } from '../../../components/admin/ArticleReads.tsx'
import { refusalOf } from '../../../content/clients/errors.ts'
import { usePolledReads, withAudience } from '../-audience.ts'

export function ArticleReadsPanel({ id }: { id: string }) {
  const { state, retry } = usePolledReads(id, articleReads)
  if (state.status === 'error' && refusalOf(state.error) === 'forbidden') return null
  return <ArticleReads state={state.status === 'ready' ? { status: 'ready', data: state.data } : state} onRetry={retry} />
}

const articleReads = (id: string) => withAudience((client) => client.article(id))
