// Who may see which document. One rule for every way a document leaves the service: queries, the
// doc endpoint, listen events (every field of them) and the pages rendered for readers.

import { isPathId } from '../store/ids.ts'

export interface Viewer {
  /** No token: a reader of the public newspaper. */
  anonymous: boolean
}

/**
 * Anonymous readers see published documents only: never a draft (`drafts.*`), a release version
 * (`versions.*`) or any other id with a `.` path, which Sanity keeps private by convention.
 * Every signed-in principal (viewer, editor, admin) reads everything; what they may write is
 * decided by role where the write is routed.
 */
export function mayRead(viewer: Viewer, id: string): boolean {
  return !viewer.anonymous || !isPathId(id)
}
