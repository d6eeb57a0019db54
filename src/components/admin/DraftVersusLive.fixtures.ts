import { textDiff } from '../../content/admin/history.ts'
import type { DraftChange } from '../../content/admin/articleForm/draftVersusLive.ts'

/** A contributor's draft beside the published version an editor has since retitled. */
export const draftChanges: DraftChange[] = [
  { field: 'title', label: 'Title', kind: 'changed', revision: 'Night buses return from Friday', current: 'Night buses return' },
  {
    field: 'excerpt',
    label: 'Excerpt',
    kind: 'added',
    revision: '',
    current: 'Every twenty minutes on the busiest routes.',
    diff: textDiff('', 'Every twenty minutes on the busiest routes.'),
  },
]
