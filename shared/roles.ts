// Who a signed-in user is to the newsroom. The server decides every write by these roles; the admin
// area uses the same set to decide who may enter it, so the two can never disagree.

export type Role = 'admin' | 'editor' | 'viewer'

export const roles: readonly Role[] = ['admin', 'editor', 'viewer']

/** Who may write to the content dataset, and so who may enter the admin area. */
export const writerRoles: ReadonlySet<Role> = new Set(['admin', 'editor'])
