// Deleting from the admin's lists: an article goes with its draft in one transaction, and a failed
// delete is reported in each screen's own words (docs/product-spec.md §8 for a refused one).

import { refusalOf } from '../clients/errors.ts'
import type { DeletingClient } from './contentService.ts'

/**
 * Deletes a document for good: the published version and its draft together, in one transaction,
 * so an article never survives as a stray draft (or vanishes from readers but not from the list).
 */
export async function deleteDocument(client: DeletingClient, id: string): Promise<void> {
  const published = id.replace(/^drafts\./, '')
  await client.transaction().delete(published).delete(`drafts.${published}`).commit()
}

/** The service refuses this editor's writes (docs/product-spec.md §8): what the list and section manager say. */
export const deleteDisabledMessage = 'Delete disabled - using a hosted content service as backend'
/** The dashboard's own wording for the same refusal. */
export const dashboardDeleteDisabledMessage = 'Delete functionality disabled - using a hosted content service as backend'

function isRefused(error: unknown): boolean {
  return refusalOf(error) === 'forbidden'
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error'
}

/** Why a delete failed, in the words the article list and section manager use. */
export function deleteFailureMessage(error: unknown): string {
  return isRefused(error) ? deleteDisabledMessage : messageOf(error)
}

/** The dashboard's failure toast. */
export function dashboardDeleteFailure(error: unknown): string {
  return isRefused(error) ? dashboardDeleteDisabledMessage : `Deletion failed: ${messageOf(error)}`
}

/** The section manager's failure toast. */
export function sectionDeleteFailure(error: unknown): string {
  return `Failed to delete: ${deleteFailureMessage(error)}`
}
