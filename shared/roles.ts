// Who a signed-in user is to the newsroom. The server decides every write by these roles; the admin
// area uses the same sets and rules to decide who may enter it and which controls it offers, so the
// two can never disagree (docs/decisions/013-roles.md).

export type Role = 'admin' | 'editor' | 'contributor' | 'viewer'

export const roles: readonly Role[] = ['admin', 'editor', 'contributor', 'viewer']

/** What each role may do, in the words the People page shows next to it. */
export const roleDescriptions: Record<Role, string> = {
  admin: 'Publishes, edits authors and categories, and manages people',
  editor: 'Publishes, and edits authors and categories',
  contributor: 'Writes drafts and uploads images; an editor publishes them',
  viewer: 'Reads drafts through the API; cannot sign in to the admin',
}

/**
 * Who may write any document of the content dataset: publish, unpublish, delete, edit authors and
 * categories. They also read what readers send (the newsroom's inbox, subscribers and outbox).
 */
export const writerRoles: ReadonlySet<Role> = new Set(['admin', 'editor'])

/** Who may write drafts of articles and upload images, and so who may enter the admin area. */
export const draftWriterRoles: ReadonlySet<Role> = new Set(['admin', 'editor', 'contributor'])

/** Who may add, change and remove the people who sign in. */
export const peopleRoles: ReadonlySet<Role> = new Set(['admin'])

/** The id prefix of a draft: readers never see a document whose id has it. */
export const draftPrefix = 'drafts.'

/** The types of document a contributor may write, and only as drafts: articles and live blog updates. */
export const contributorTypes: ReadonlySet<string> = new Set(['article', 'liveUpdate'])

/** The shortest password the People page accepts for a new user or a reset. */
export const minPasswordLength = 12
/** The longest: hashing is deliberately slow, and a password needs no more. */
export const maxPasswordLength = 256

export const mayPublish = (role: Role | null): boolean => role !== null && writerRoles.has(role)
export const mayManagePeople = (role: Role | null): boolean => role !== null && peopleRoles.has(role)

/**
 * Whether a role may write (create, change or delete) the document with this id and type. `type`
 * is null when it is not known (a delete of a document that is not there). Writers may write
 * anything; a contributor only drafts of articles and live blog updates, never a published document, a version, an
 * author, a category or anything else; other roles nothing.
 */
export function mayWriteDocument(role: Role, id: string, type: string | null): boolean {
  if (writerRoles.has(role)) return true
  if (role !== 'contributor') return false
  const draft = id.startsWith(draftPrefix) && id.length > draftPrefix.length && !id.slice(draftPrefix.length).includes('.')
  return draft && (type === null || contributorTypes.has(type))
}

/** Who may manage webhooks: they send content anywhere with the paper's signature. */
export const webhookRoles: ReadonlySet<Role> = new Set(['admin'])

/** The admin's pages that not every role that enters the admin may use. */
export type AdminArea = 'inbox' | 'subscribers' | 'outbox' | 'authors' | 'categories' | 'photoEssays' | 'people' | 'webhooks' | 'newsletters'

/**
 * Each such page: its address (and everything under it), the roles that may use it (the same sets
 * the service decides their writes and reads by), its name in the navigation and what the page
 * says, in words, to anyone else who opens it by its address.
 */
export const adminAreas: Record<AdminArea, { path: string; roles: ReadonlySet<Role>; name: string; refusal: string }> = {
  inbox: { path: '/admin/inbox', roles: writerRoles, name: 'Inbox', refusal: 'Your role cannot see the inbox.' },
  subscribers: { path: '/admin/subscribers', roles: writerRoles, name: 'Subscribers', refusal: 'Your role cannot see the subscribers.' },
  outbox: { path: '/admin/outbox', roles: writerRoles, name: 'Outbox', refusal: 'Your role cannot see the outbox.' },
  authors: { path: '/admin/authors', roles: writerRoles, name: 'Authors', refusal: 'Your role cannot edit authors.' },
  categories: { path: '/admin/categories', roles: writerRoles, name: 'Categories', refusal: 'Your role cannot edit categories.' },
  photoEssays: { path: '/admin/photo-essays', roles: writerRoles, name: 'Photo essays', refusal: 'Your role cannot make or edit photo essays.' },
  people: { path: '/admin/people', roles: peopleRoles, name: 'People', refusal: 'Your role cannot manage people.' },
  webhooks: { path: '/admin/webhooks', roles: webhookRoles, name: 'Webhooks', refusal: 'Your role cannot manage webhooks.' },
  newsletters: { path: '/admin/newsletters', roles: writerRoles, name: 'Newsletters', refusal: 'Your role cannot see newsletters.' },
}

/** The limited page an admin address belongs to, or null for a page every admin role may use. */
export function adminAreaOf(pathname: string): AdminArea | null {
  const path = pathname.replace(/\/+$/, '')
  for (const [area, { path: root }] of Object.entries(adminAreas) as Array<[AdminArea, (typeof adminAreas)[AdminArea]]>) {
    if (path === root || path.startsWith(`${root}/`)) return area
  }
  return null
}

export const mayUseAdminArea = (role: Role | null, area: AdminArea): boolean => role !== null && adminAreas[area].roles.has(role)
