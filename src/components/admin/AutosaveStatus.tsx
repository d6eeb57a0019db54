import { draftSavedLabel } from '../../content/admin/articleForm/autosave.ts'
import './AutosaveStatus.css'

/** Where keeping the editor's changes as a draft stands. */
export interface AutosaveState {
  /** An autosave is under way. */
  saving: boolean
  /** When the last autosave finished (ISO-8601), or null before the first. */
  savedAt: string | null
  /** Why the last autosave failed; the next change tries again. */
  error: string | null
}

/**
 * The article form's line about its automatic draft: "Saving draft..." or "Draft saved at 14:05"
 * (London time). A polite live region, always in the page, so a screen reader hears it change
 * without being interrupted while typing.
 */
export function AutosaveStatus({ saving, savedAt, error }: AutosaveState) {
  const text = saving ? 'Saving draft...' : error ? `The draft could not be saved: ${error}` : savedAt ? draftSavedLabel(savedAt) : ''
  return (
    <p className="autosave-status" role="status" aria-live="polite">
      {text}
    </p>
  )
}
