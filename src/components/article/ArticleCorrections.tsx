import { correctionNotice, shownCorrections, type Correction } from '../../../shared/corrections.ts'
import './ArticleCorrections.css'

export interface ArticleCorrectionsProps {
  /** The article's corrections as stored, oldest first; ones that cannot be read are left out. */
  corrections?: Array<Partial<Correction>> | null
}

/**
 * The foot of an amended article: "This article was amended on {day}. {what changed}", one line a
 * correction, in the order they were made, as plain text. Nothing at all for an article never amended.
 */
export function ArticleCorrections({ corrections }: ArticleCorrectionsProps) {
  const shown = shownCorrections(corrections)
  if (shown.length === 0) return null
  return (
    <aside className="article-corrections" aria-label="Corrections and clarifications">
      {shown.map((c) => (
        <p key={c._key} className="article-corrections__notice">
          {correctionNotice(c)}
        </p>
      ))}
    </aside>
  )
}
