import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'

export interface UnsavedChangesDialogProps {
  open: boolean
  /** Stays on the form with the edits as they are. */
  onStay: () => void
  /** Goes where the editor was going; the edits are lost. */
  onLeave: () => void
}

/**
 * The question the article form asks when the editor leaves it with edits not saved: Stay is the
 * safe answer (focus starts there, Escape gives it), Leave drops the edits.
 */
export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  return <ConfirmDialog open={open} title="Unsaved changes" message="You have unsaved changes. Leave this page and lose them?" confirmLabel="Leave" cancelLabel="Stay" onConfirm={onLeave} onCancel={onStay} />
}
