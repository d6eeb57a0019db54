import type { ReactNode } from 'react'
import './HistoryToolbar.css'

export interface HistoryToolbarProps {
  /** The article's reader address with `?preview`; null until the article has a saved slug. */
  previewHref: string | null
  historyOpen: boolean
  onToggleHistory: () => void
  /** The History panel, shown while open. */
  children?: ReactNode
}

/**
 * Below the article form: Preview, which opens the article at its reader address in a new tab (and
 * says so), and the History disclosure, which shows the panel it controls.
 */
export function HistoryToolbar({ previewHref, historyOpen, onToggleHistory, children }: HistoryToolbarProps) {
  return (
    <div className="history-toolbar">
      <div className="history-toolbar__buttons">
        {previewHref ? (
          <a className="history-toolbar__button" href={previewHref} target="_blank" rel="noopener noreferrer">
            Preview <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        ) : (
          <p className="history-toolbar__note">Save the article with a slug to preview it.</p>
        )}
        <button type="button" className="history-toolbar__button" aria-expanded={historyOpen} aria-controls="article-history" onClick={onToggleHistory}>
          {historyOpen ? 'Hide history' : 'History'}
        </button>
      </div>
      <div id="article-history" hidden={!historyOpen}>
        {historyOpen && children}
      </div>
    </div>
  )
}
