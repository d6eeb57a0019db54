import type { ReactNode } from 'react'
import './FormField.css'

/** What a field hands its control: the ids and ARIA state that tie it to its label, hint and messages. */
export interface FieldControl {
  id: string
  invalid: boolean
  /** The hint's and the messages' ids, when there are any. */
  describedBy: string | undefined
  /** The label's id, for a control named by `aria-labelledby` (see `nativeControl`). */
  labelId: string
  /** The same, as the attributes of a native input, select or textarea. */
  props: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }
}

export interface FormFieldProps {
  /** The control's id; the hint is `${id}-hint`, the messages `${id}-error`, the label `${id}-label`. */
  id: string
  label: string
  /** The messages shown now (the caller decides when they show); none leaves the control valid. */
  errors?: readonly string[]
  /** A line under the control saying what the field is for. */
  hint?: ReactNode
  /**
   * False for a control that a `<label for>` cannot name (an editable area, not a form control): the
   * label is then text with an id for `aria-labelledby`, and a click on it moves focus to the control
   * as a real label's would.
   */
  nativeControl?: boolean
  children: (control: FieldControl) => ReactNode
}

/**
 * One field of an admin form: its label, its control, a hint and the messages that say what is
 * wrong, with the control's `aria-invalid` and `aria-describedby` pointing at them. The messages'
 * class, `article-form__error`, is what the article form's tests read them by.
 */
export function FormField({ id, label, errors = [], hint, nativeControl = true, children }: FormFieldProps) {
  const invalid = errors.length > 0
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const labelId = `${id}-label`
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="article-form__field">
      {nativeControl ? (
        <label htmlFor={id}>{label}</label>
      ) : (
        <span id={labelId} className="article-form__label" onClick={() => document.getElementById(id)?.focus()}>
          {label}
        </span>
      )}
      {children({ id, invalid, describedBy, labelId, props: { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy } })}
      {hint ? (
        <p className="article-form__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <div className="article-form__error" id={errorId}>
          {errors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
    </div>
  )
}
