import { useId, useState } from 'react'
import { correctionDay, correctionKindLabels, correctionKinds, correctionNotice, correctionTextProblem, isCalendarDay, maxCorrectionLength, type Correction, type CorrectionKind } from '../../../shared/corrections.ts'
import './FormField.css'
import './CorrectionsField.css'

export interface CorrectionsFieldProps {
  /** The story's corrections, oldest first. */
  value: Correction[]
  onChange: (next: Correction[]) => void
  /** Today in London, `YYYY-MM-DD`: a new correction's day unless the editor picks another. */
  today: string
  /** Makes a new correction's `_key`. */
  newKey?: () => string
}

const randomKey = () => Math.random().toString(36).slice(2, 14).padEnd(12, '0')

/**
 * The article form's Corrections section: the story's corrections as readers will read them, and a
 * way to add one (kind, day and words, plain text). Added ones go out with the next Save Article;
 * only one added since the form opened can be taken back, as a published correction stays.
 */
export function CorrectionsField({ value, onChange, today, newKey = randomKey }: CorrectionsFieldProps) {
  const id = useId()
  const [kind, setKind] = useState<CorrectionKind>('correction')
  const [day, setDay] = useState(today)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set())

  const add = () => {
    const wrong = correctionTextProblem(text) ?? (isCalendarDay(day) ? null : 'Give the day of the correction.')
    setProblem(wrong)
    if (wrong) return
    const correction: Correction = { _key: newKey(), _type: 'correction', kind, text: text.trim(), date: day }
    setAdded(new Set([...added, correction._key]))
    onChange([...value, correction])
    setText('')
    setKind('correction')
    setDay(today)
  }

  const remove = (key: string) => {
    setAdded(new Set([...added].filter((k) => k !== key)))
    onChange(value.filter((c) => c._key !== key))
  }

  const over = text.length > maxCorrectionLength
  return (
    <fieldset className="corrections-field">
      <legend>Corrections</legend>
      <p className="corrections-field__hint">Readers see each one at the foot of the article, and on the Corrections and clarifications page, once you save the article.</p>
      {value.length > 0 ? (
        <ol className="corrections-field__list" aria-label="Corrections on this article">
          {value.map((c) => (
            <li key={c._key}>
              <p className="corrections-field__kind">
                {correctionKindLabels[c.kind]}, {correctionDay(c.date)}
                {added.has(c._key) ? <span className="corrections-field__unsaved"> (not yet saved)</span> : null}
              </p>
              <p className="corrections-field__notice">{correctionNotice(c)}</p>
              {added.has(c._key) ? (
                <button type="button" className="article-form__secondary" onClick={() => remove(c._key)} aria-label={`Remove the ${correctionKindLabels[c.kind].toLowerCase()} of ${correctionDay(c.date)}`}>
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="corrections-field__none">No corrections on this article.</p>
      )}
      <div className="corrections-field__new">
        <div className="corrections-field__pair">
          <div className="article-form__field">
            <label htmlFor={`${id}-kind`}>Kind</label>
            <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as CorrectionKind)}>
              {correctionKinds.map((k) => (
                <option key={k} value={k}>
                  {correctionKindLabels[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="article-form__field">
            <label htmlFor={`${id}-day`}>Date</label>
            <input id={`${id}-day`} type="date" value={day} max={today} onChange={(event) => setDay(event.target.value)} />
          </div>
        </div>
        <div className="article-form__field">
          <label htmlFor={`${id}-text`}>What was corrected or clarified</label>
          <textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            placeholder="An earlier version of this article said … ; it was …"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-count`} className={`article-form__hint${over ? ' corrections-field__over' : ''}`}>
            {text.length.toLocaleString('en-GB')} of {maxCorrectionLength.toLocaleString('en-GB')} characters. Plain text: readers see it as typed.
          </p>
          {problem ? (
            <div className="article-form__error" id={`${id}-problem`} role="alert">
              {problem}
            </div>
          ) : null}
        </div>
        <div>
          <button type="button" className="article-form__secondary" onClick={add}>
            Add {correctionKindLabels[kind].toLowerCase()}
          </button>
        </div>
      </div>
    </fieldset>
  )
}
