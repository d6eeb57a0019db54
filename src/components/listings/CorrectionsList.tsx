import { correctionDay, correctionKindLabels, correctionKinds, type CorrectionKind } from '../../../shared/corrections.ts'
import type { CorrectionEntry } from '../../content/listings/listings.ts'
import { StoryLink } from '../ui/StoryLink.tsx'
import './CorrectionsList.css'

export interface CorrectionsListProps {
  /** One page of corrections and clarifications, newest first. */
  corrections: CorrectionEntry[]
}

const kindOf = (kind: string | null): CorrectionKind => (correctionKinds.includes(kind as CorrectionKind) ? (kind as CorrectionKind) : 'correction')

/**
 * The Corrections and clarifications page's entries: the kind and day, the article it amends (linked)
 * and what was amended, as plain text.
 */
export function CorrectionsList({ corrections }: CorrectionsListProps) {
  return (
    <ol className="corrections-list">
      {corrections.map((entry) => (
        <li key={`${entry.slug ?? ''}/${entry._key}`} className="corrections-list__item">
          <p className="corrections-list__meta">
            <span className="corrections-list__kind">{correctionKindLabels[kindOf(entry.kind)]}</span>
            {entry.date ? <time dateTime={entry.date}>{correctionDay(entry.date)}</time> : null}
          </p>
          <h2 className="corrections-list__title">
            <StoryLink slug={entry.slug}>{entry.title?.trim() || 'Untitled'}</StoryLink>
          </h2>
          <p className="corrections-list__text">{entry.text?.trim()}</p>
        </li>
      ))}
    </ol>
  )
}
