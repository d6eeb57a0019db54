import { useId, useState } from 'react'
import './CategoryPicker.css'

export interface CategoryChoice {
  id: string
  name: string
}

export interface CategoryPickerProps {
  /** The filter's id; the group is named by `${id}-legend`, its messages are `${id}-error`. */
  id: string
  label: string
  options: readonly CategoryChoice[]
  /** The chosen categories' ids, in order: the first is the one cards show. */
  value: readonly string[]
  onChange: (value: string[]) => void
  onBlur?: () => void
  /** The messages shown now; none leaves the group valid. */
  errors?: readonly string[]
}

/**
 * Several categories for one article: the chosen ones listed in order (the first leads, and any can
 * be made first or removed), and every category as a checkbox under a filter. Native checkboxes and
 * buttons, so Tab, Space and Enter do what they always do.
 */
export function CategoryPicker({ id, label, options, value, onChange, onBlur, errors = [] }: CategoryPickerProps) {
  const [filter, setFilter] = useState('')
  const listId = `${id}-options`
  const countId = useId()
  const invalid = errors.length > 0
  const errorId = `${id}-error`
  const nameOf = (choice: string) => options.find((option) => option.id === choice)?.name ?? 'Unknown category'
  const wanted = filter.trim().toLowerCase()
  const shown = wanted === '' ? options : options.filter((option) => option.name.toLowerCase().includes(wanted))
  const toggle = (choice: string, on: boolean) => onChange(on ? [...value.filter((v) => v !== choice), choice] : value.filter((v) => v !== choice))

  return (
    <fieldset
      className="category-picker"
      aria-describedby={invalid ? errorId : undefined}
      aria-invalid={invalid || undefined}
      onBlur={(event) => {
        // Left only when focus goes somewhere outside the whole group.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.()
      }}
    >
      <legend id={`${id}-legend`} className="category-picker__legend">
        {label}
      </legend>
      <div className="category-picker__chosen">
        <p className="category-picker__hint" id={`${id}-chosen`}>
          {value.length === 0 ? 'None chosen yet.' : `${value.length} chosen. The first is the one article cards show.`}
        </p>
        {value.length > 0 ? (
          <ol className="category-picker__chosen-list" aria-labelledby={`${id}-chosen`}>
            {value.map((choice, index) => (
              <li key={choice}>
                <span className="category-picker__chosen-name">{nameOf(choice)}</span>
                {index === 0 ? (
                  <span className="category-picker__lead">shown on cards</span>
                ) : (
                  <button type="button" className="category-picker__small" onClick={() => onChange([choice, ...value.filter((v) => v !== choice)])}>
                    Make first<span className="visually-hidden">: {nameOf(choice)}</span>
                  </button>
                )}
                <button type="button" className="category-picker__small" onClick={() => toggle(choice, false)}>
                  Remove<span className="visually-hidden">: {nameOf(choice)}</span>
                </button>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {options.length === 0 ? (
        <p className="category-picker__empty">There are no categories yet. Add them on the Categories page.</p>
      ) : (
        <>
          <label className="category-picker__filter-label" htmlFor={id}>
            Filter categories
          </label>
          <input
            id={id}
            className="category-picker__filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            aria-controls={listId}
            aria-describedby={countId}
            autoComplete="off"
          />
          <p id={countId} className="visually-hidden" aria-live="polite">
            {wanted === '' ? `${options.length} categories` : `${shown.length} of ${options.length} categories match`}
          </p>
          {shown.length === 0 ? (
            <p className="category-picker__empty">No category matches “{filter.trim()}”.</p>
          ) : null}
          <ul id={listId} className="category-picker__options" aria-label={`${label}: all`}>
            {shown.map((option) => {
              const checkboxId = `${id}-option-${option.id}`
              return (
                <li key={option.id}>
                  <input id={checkboxId} type="checkbox" checked={value.includes(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
                  <label htmlFor={checkboxId}>{option.name}</label>
                </li>
              )
            })}
          </ul>
        </>
      )}
      {invalid ? (
        <div className="article-form__error" id={errorId}>
          {errors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  )
}
