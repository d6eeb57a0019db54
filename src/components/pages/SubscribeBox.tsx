import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef } from 'react'
import * as v from 'valibot'
import { emailSchema } from '../../../shared/readerForms.ts'
import './SubscribeBox.css'

export interface SubscribeBoxProps {
  /**
   * Receives the trimmed address once it is valid. Without it the box sends itself, as it does without
   * JavaScript: the service answers with the subscribe page, the address filled in, and the address
   * never travels in a URL.
   */
  onSubscribe?: (email: string) => void
  /** What the box holds at first, for stories. */
  initialEmail?: string
}

/** A short sign-up panel: one email box and a Subscribe button that checks the address first. */
export function SubscribeBox({ onSubscribe, initialEmail = '' }: SubscribeBoxProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const form = useForm({
    defaultValues: { email: initialEmail },
    canSubmitWhenInvalid: true,
    onSubmit: ({ value }) => onSubscribe?.(v.parse(emailSchema, value.email)),
    onSubmitInvalid: () => inputRef.current?.focus(),
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)

  return (
    <section className="subscribe-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="subscribe-box__title">
        Subscribe to Resonance
      </h2>
      <p className="subscribe-box__text">
        London's stories, checked and explained, in your inbox: The Morning Briefing, and From the Editors when they write one. Both free.
      </p>
      {/* Without JavaScript the service answers this with the subscribe page, the address filled in. */}
      <form
        className="subscribe-box__form"
        method="post"
        action="/subscribe"
        noValidate
        onSubmit={(event) => {
          // A valid address with nobody to hand it to goes to the service as the browser sends it.
          if (!onSubscribe && v.safeParse(emailSchema, form.getFieldValue('email')).success) return
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.Field name="email" validators={{ onChange: emailSchema }}>
          {(field) => {
            const error = field.state.meta.isBlurred || submitted ? field.state.meta.errors[0]?.message : undefined
            const inputId = `${id}-email`
            const errorId = `${inputId}-error`
            return (
              <div className="subscribe-box__field">
                <label htmlFor={inputId}>Email address</label>
                <div className="subscribe-box__row">
                  <input
                    id={inputId}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={field.state.value}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(event) => field.handleChange(event.target.value)}
                    onBlur={() => {
                      field.handleBlur()
                      void field.validate('change')
                    }}
                    ref={inputRef}
                  />
                  <button type="submit">Subscribe</button>
                </div>
                {error ? (
                  <p id={errorId} className="subscribe-box__error">
                    {error}
                  </p>
                ) : null}
              </div>
            )
          }}
        </form.Field>
      </form>
    </section>
  )
}
