import type { RefObject } from 'react'
import { ConfirmDialog, type Confirmation } from '../ui/ConfirmDialog.tsx'

export interface ConfirmDeleteProps<T> {
  /** The pending delete, from `useConfirmation` in the list whose Delete buttons call its `ask`. */
  confirmation: Confirmation<T>
  /** The item's name as the editor sees it, such as its display title. */
  nameOf: (target: T) => string
  /** What is deleted, in the dialog's title and question: "article", "gallery". */
  noun?: string
  /**
   * The section manager names the item in the question itself (docs/product-spec.md §2 words it so
   * there); the article list and the dashboard ask about "this article" and name it below.
   */
  nameInQuestion?: boolean
  /** Where focus goes when the deleted item's Delete button has gone: the list's heading. */
  fallbackFocus: RefObject<HTMLElement | null>
}

/** The admin's "are you sure?" before a delete: one wording for every list, so they cannot drift apart. */
export function ConfirmDelete<T>({ confirmation, nameOf, noun = 'article', nameInQuestion = false, fallbackFocus }: ConfirmDeleteProps<T>) {
  const { target } = confirmation
  const name = target === null ? null : nameOf(target)
  const message = nameInQuestion ? (name === null ? '' : `Are you sure you want to delete "${name}"?`) : `Are you sure you want to delete this ${noun}?`
  // Recently deleted brings back articles (as drafts, for 30 days: server/http/history.ts), not galleries.
  const after = noun === 'article' ? 'For 30 days it can be restored, as a draft, from Recently deleted.' : 'This cannot be undone.'
  const detail = name === null ? null : nameInQuestion ? `It will be removed for readers and editors. ${after}` : `“${name}” will be removed for readers and editors. ${after}`
  return (
    <ConfirmDialog
      open={target !== null}
      title={`Delete ${noun}`}
      message={message}
      detail={detail === null ? null : <p>{detail}</p>}
      busy={confirmation.busy}
      onConfirm={() => void confirmation.confirm()}
      onCancel={confirmation.cancel}
      fallbackFocus={fallbackFocus}
    />
  )
}
