import { textDiff } from '../../content/admin/history.ts'
import type { RevisionItem, ViewedRevisionState } from './HistoryPanel.tsx'

export const revisions: RevisionItem[] = [
  { id: 'tx-3', time: '24 Nov 2026, 09:41:07', author: 'priya.raman@resonance.test' },
  { id: 'tx-2', time: '24 Nov 2026, 09:12:55', author: 'felix.armitage@resonance.test' },
  { id: 'tx-1', time: '23 Nov 2026, 17:03:20', author: 'API token' },
]

const block = (text: string) => ({ _type: 'block', _key: text.slice(0, 8), style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] })

export const viewedFirst: ViewedRevisionState = {
  kind: 'ready',
  id: 'tx-1',
  article: {
    title: 'Night buses return',
    excerpt: 'Services resume from Friday.',
    body: [block('Night buses return to the Northern line from Friday.'), block('Transport for London said the change was long awaited.')],
  },
  changes: [
    { field: 'title', label: 'Title', kind: 'changed', revision: 'Night buses return', current: 'Night buses return to the Northern line' },
    { field: 'excerpt', label: 'Excerpt', kind: 'removed', revision: 'Services resume from Friday.', current: '' },
    { field: 'isFeatured', label: 'Featured', kind: 'added', revision: '', current: 'Yes' },
    {
      field: 'body',
      label: 'Body',
      kind: 'changed',
      revision: 'Night buses return to the Northern line from Friday.',
      current: 'Night buses return to the Northern line from Saturday night.',
      diff: textDiff('Night buses return to the Northern line from Friday.', 'Night buses return to the Northern line from Saturday night.'),
    },
  ],
}
