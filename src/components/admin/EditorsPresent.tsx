import { editorsPresentText, presenceUnavailableText, type PresentEditor } from '../../content/admin/presence.ts'
import './EditorsPresent.css'

export interface EditorsPresentProps {
  /** The other editors with this article open, first come first. */
  editors: readonly PresentEditor[]
  /** Whether the service could not be asked lately who else is there. */
  unavailable?: boolean
}

/**
 * The line at the top of the article form: "Also editing: jane@resonance.test (editor), since
 * 10:04. Saving may conflict with their changes." Empty when the editor is alone. A polite live
 * region that is always in the page, so a screen reader hears someone arrive without being
 * interrupted while typing.
 */
export function EditorsPresent({ editors, unavailable = false }: EditorsPresentProps) {
  const text = [editorsPresentText(editors), unavailable ? presenceUnavailableText : ''].filter(Boolean).join(' ')
  return (
    <p className={text ? 'editors-present editors-present--shown' : 'editors-present'} role="status" aria-live="polite">
      {text}
    </p>
  )
}
