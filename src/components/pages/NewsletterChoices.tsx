import { useId } from 'react'
import { defaultMorningTime, type Newsletter, type NewsletterId } from '../../../shared/newsletters.ts'
import './NewsletterChoices.css'

export interface NewsletterChoicesProps {
  newsletters: readonly Newsletter[]
  /** The newsletters ticked. */
  value: readonly NewsletterId[]
  onChange: (value: NewsletterId[]) => void
  /** The checkboxes' form name: each ticked box is its own field. */
  name?: string
  legend: string
  /** The problem with the choice (none ticked), shown under the legend. */
  error?: string
  /** The Morning Briefing's send time on London's clock, as the service sends it. */
  morningTime?: string
}

/**
 * The paper's newsletters as checkboxes on cards: each says what an edition holds, when it comes and
 * that it is free. The whole card ticks its box.
 */
export function NewsletterChoices({ newsletters, value, onChange, name = 'newsletters', legend, error, morningTime = defaultMorningTime }: NewsletterChoicesProps) {
  const id = useId()
  const errorId = `${id}-error`
  function toggle(newsletter: NewsletterId, on: boolean) {
    const next = new Set(value)
    if (on) next.add(newsletter)
    else next.delete(newsletter)
    // Kept in the list's own order, whatever order the boxes were ticked in.
    onChange(newsletters.map((n) => n.id).filter((candidate) => next.has(candidate)))
  }
  return (
    <fieldset className={`newsletter-choices${error ? ' newsletter-choices--invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend className="newsletter-choices__legend">{legend}</legend>
      {error ? (
        <p id={errorId} className="newsletter-choices__error">
          {error}
        </p>
      ) : null}
      <div className="newsletter-choices__cards">
        {newsletters.map((newsletter) => {
          const cardId = `${id}-${newsletter.id}`
          const chosen = value.includes(newsletter.id)
          return (
            <label key={newsletter.id} className={`newsletter-choices__card${chosen ? ' newsletter-choices__card--chosen' : ''}`}>
              <input
                type="checkbox"
                name={name}
                value={newsletter.id}
                checked={chosen}
                onChange={(event) => toggle(newsletter.id, event.target.checked)}
                aria-labelledby={`${cardId}-name`}
                aria-describedby={`${cardId}-holds ${cardId}-when`}
              />
              <span className="newsletter-choices__name" id={`${cardId}-name`}>
                {newsletter.name}
              </span>
              <span className="newsletter-choices__free">Free</span>
              <span className="newsletter-choices__holds" id={`${cardId}-holds`}>
                {newsletter.holds}
              </span>
              <span className="newsletter-choices__when" id={`${cardId}-when`}>
                {newsletter.when(morningTime)}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
