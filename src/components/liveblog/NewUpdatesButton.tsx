import { newUpdatesLabel } from '../../content/liveblog/live.ts'
import './NewUpdatesButton.css'

export interface NewUpdatesButtonProps {
  /** New updates held back from a reader who is further down the page; nothing shows at 0. */
  count: number
  onShow: () => void
}

/**
 * Floats at the top of the window while a reader further down has new updates waiting: pressing
 * it brings them in and takes the reader up to them.
 */
export function NewUpdatesButton({ count, onShow }: NewUpdatesButtonProps) {
  if (count <= 0) return null
  return (
    <button type="button" className="new-updates-button" onClick={onShow}>
      <span aria-hidden="true" className="new-updates-button__arrow">
        ↑
      </span>{' '}
      {newUpdatesLabel(count)}
    </button>
  )
}
