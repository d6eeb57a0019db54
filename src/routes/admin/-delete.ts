// The admin lists' delete: a loading toast, the delete with the editor's session, that toast settled
// into the outcome, then the list's loader run again so the deleted item goes. The three lists word
// their toasts differently (docs/product-spec.md §2), so the words are the caller's.

import { useRouter } from '@tanstack/react-router'
import { deleteDocument } from '../../content/admin/deletes.ts'
import type { ToastContent } from '../../machines/toastMachine.ts'
import { toasts, withSession } from './-session.ts'

export interface DeleteToasts {
  /** The loading toast's title while the delete runs. */
  deleting: string
  deleted: Omit<ToastContent, 'kind'>
  failed: (error: unknown) => Omit<ToastContent, 'kind'>
}

/** The function a list's `onDelete` takes: it resolves once the outcome is toasted and the list refreshed. */
export function useDeleteWithToasts(words: DeleteToasts): (item: { id: string }) => Promise<void> {
  const router = useRouter()
  return async (item) => {
    const toast = toasts.loading(words.deleting)
    try {
      await withSession((client) => deleteDocument(client, item.id))
      toasts.settle(toast, { kind: 'success', ...words.deleted })
    } catch (error) {
      toasts.settle(toast, { kind: 'error', ...words.failed(error) })
    }
    await router.invalidate()
  }
}

/** The article list's and the dashboard's words while and after an article is deleted; their failures differ. */
export const articleDeleteToasts: Pick<DeleteToasts, 'deleting' | 'deleted'> = {
  deleting: 'Deleting article...',
  deleted: { title: 'Article deleted!', description: 'Article deleted successfully.' },
}

/** The `onDelete` of a list's loading and error views, which show no item to delete. */
export const nothingToDelete = async () => {}
