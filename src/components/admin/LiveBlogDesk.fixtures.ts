// A live blog as the desk loads it, for the desk's stories and tests: a storm over London, with a
// pinned update, a key event, an edited one and a contributor's draft.

import type { BodyNode } from '../../../shared/schema.ts'
import type { DeskData, DeskUpdate } from '../../content/admin/liveBlogDesk.ts'
import type { LiveBlogDeskProps } from './LiveBlogDesk.tsx'

export const deskNow = new Date('2026-11-27T18:30:00Z')

export const paragraphs = (...texts: string[]): BodyNode[] =>
  texts.map((text, i) => ({ _type: 'block', _key: `b${i}`, style: 'normal', markDefs: [], children: [{ _type: 'span', _key: `s${i}`, text, marks: [] }] }))

export const deskUpdate = (id: string, fields: Partial<DeskUpdate> = {}): DeskUpdate => ({
  id,
  documentId: fields.draft ? `drafts.${id}` : id,
  rev: `rev-${id}`,
  draft: false,
  publishedAt: '2026-11-27T18:00:00Z',
  updatedAt: null,
  headline: '',
  body: paragraphs(`Update ${id}.`),
  isKeyEvent: false,
  isPinned: false,
  authorId: 'nadia',
  authorName: 'Nadia Rahman',
  ...fields,
})

export const deskUpdates: DeskUpdate[] = [
  deskUpdate('u4', { draft: true, publishedAt: '2026-11-27T18:24:00Z', body: paragraphs('Readers in Lewisham say several trees are down on the South Circular near Catford.'), authorId: 'omar', authorName: 'Omar Haddad' }),
  deskUpdate('u3', { publishedAt: '2026-11-27T18:17:00Z', headline: 'Gusts of 68mph recorded at Canary Wharf', body: paragraphs('The strongest gust so far, the Met Office says. The warning stays in force until 6am.'), isKeyEvent: true }),
  deskUpdate('u2', { publishedAt: '2026-11-27T17:40:00Z', updatedAt: '2026-11-27T17:52:00Z', body: paragraphs('The Port of London Authority has suspended river bus services between Putney and Woolwich.') }),
  deskUpdate('u1', { publishedAt: '2026-11-27T16:05:00Z', headline: 'Where to find the latest travel advice', body: paragraphs('Check before you travel, allow extra time, and avoid the river paths.'), isPinned: true }),
]

export const deskData = (blog: Partial<DeskData['blog']> = {}, updates: DeskUpdate[] = deskUpdates): DeskData => ({
  blog: {
    id: 'storm-blog',
    title: 'Storm Isolde: live',
    published: true,
    isLiveBlog: true,
    endedAt: null,
    authorId: 'nadia',
    revisions: { published: 'rev-blog', draft: null, draftBasedOn: null },
    ...blog,
  },
  updates,
  total: updates.length,
  older: false,
  authors: [
    { id: 'nadia', name: 'Nadia Rahman' },
    { id: 'omar', name: 'Omar Haddad' },
  ],
})

/**
 * Makes a stand-in for a callback that records its calls: `vi.fn` in the tests, Storybook's `fn` in
 * the stories (each given the implementation, if any, it should run).
 */
export type DeskHandler = (implementation?: (...args: never[]) => unknown) => unknown

/** The desk as an editor finds it on a running blog, every callback made by `handler`: the stories' args and the tests' props. */
export function deskProps(handler: DeskHandler) {
  // Each callback is the handler's recording stand-in, typed as the prop it fills.
  const made = <T,>(implementation?: (...args: never[]) => unknown): T => handler(implementation) as T
  return {
    status: 'ready',
    loadError: null,
    data: deskData(),
    canPublish: true,
    posting: false,
    postKey: 0,
    editing: null,
    saving: false,
    confirming: null,
    busy: null,
    changingCoverage: null,
    loadingOlder: false,
    message: null,
    now: deskNow,
    uploadImage: made<LiveBlogDeskProps['uploadImage']>(async () => ({ assetRef: 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg' })),
    onPost: made<LiveBlogDeskProps['onPost']>(),
    onEdit: made<LiveBlogDeskProps['onEdit']>(),
    onCancelEdit: made<LiveBlogDeskProps['onCancelEdit']>(),
    onSave: made<LiveBlogDeskProps['onSave']>(),
    onDelete: made<LiveBlogDeskProps['onDelete']>(),
    onPublish: made<LiveBlogDeskProps['onPublish']>(),
    onStartCoverage: made<LiveBlogDeskProps['onStartCoverage']>(),
    onEndCoverage: made<LiveBlogDeskProps['onEndCoverage']>(),
    onConfirm: made<LiveBlogDeskProps['onConfirm']>(),
    onCancel: made<LiveBlogDeskProps['onCancel']>(),
    onRetry: made<LiveBlogDeskProps['onRetry']>(),
    onShowOlder: made<LiveBlogDeskProps['onShowOlder']>(),
  } satisfies LiveBlogDeskProps
}
