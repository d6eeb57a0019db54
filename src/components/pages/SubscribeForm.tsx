import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { newsletters, type NewsletterId } from '../../../shared/newsletters.ts'
import { emailSchema, subscriptionMessages, subscriptionSchema, type FormResult, type Subscription } from '../../../shared/readerForms.ts'
import { subscriptionOutcome } from '../../content/pages/contact.ts'
import { receiveSentence } from '../../content/pages/newsletters.ts'
import { useHeldWhilePressed } from '../ui/useHeldWhilePressed.ts'
import { FormNotice } from './FormNotice.tsx'
import { NewsletterChoices } from './NewsletterChoices.tsx'
import './SubscribeForm.css'

export interface SubscribeFormProps {
  /**
   * Sends the chosen newsletters and the trimmed address once they are valid. The form confirms only what
   * the answer says happened (the confirmation email sent, or kept because email is off); a throw is
   * a message for the reader (the service could not be reached).
   */
  onSubscribe: (subscription: Subscription) => Promise<FormResult>
  /** An address to start with: a story's, or what was typed into a form the service sent back. */
  initialEmail?: string
  /** The newsletters ticked at first: all of them, unless a form the service sent back said otherwise. */
  initialNewsletters?: readonly NewsletterId[]
  /** The service's problems with a form it sent back (sent without JavaScript), by field. */
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

const allNewsletters = newsletters.map((n) => n.id)

/** At least one newsletter, checked as the reader ticks and unticks, and on every submit. */
const newslettersValidator = ({ value }: { value: NewsletterId[] }) => (value.length === 0 ? subscriptionMessages.newsletters : undefined)

export function SubscribeForm({ onSubscribe, initialEmail = '', initialNewsletters = allNewsletters, initialErrors = {}, initialNotice = null }: SubscribeFormProps) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const choicesRef = useRef<HTMLDivElement>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(initialNotice)
  const [sending, setSending] = useState(false)
  const [serverError, setServerError] = useState<string | undefined>(initialErrors.email)
  const [choiceServerError, setChoiceServerError] = useState<string | undefined>(initialErrors.newsletters)
  const form = useForm({
    defaultValues: { newsletters: [...initialNewsletters], email: initialEmail },
    // Every submit checks the address again and moves focus to it, even after an earlier failure.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const subscription = v.parse(subscriptionSchema, value)
      setSending(true)
      let result: FormResult
      try {
        result = await onSubscribe(subscription)
      } catch (error) {
        setNotice(error instanceof Error ? error.message : String(error))
        return
      } finally {
        setSending(false)
      }
      if (!result.ok || (result.delivery !== 'sent' && result.delivery !== 'held')) {
        setServerError(result.errors?.email)
        setChoiceServerError(result.errors?.newsletters)
        setNotice(result.notice ?? null)
        return
      }
      // Keep the starting values as the defaults: otherwise the next render, still passing them,
      // puts them back into the cleared form.
      formApi.reset({ newsletters: subscription.newsletters, email: '' }, { keepDefaultValues: true })
      // What they chose, as it will be once confirmed: 'will' only, since nothing comes until then.
      setOutcome(`${subscriptionOutcome(result.delivery, subscription.email)} Once you confirm: ${receiveSentence(subscription.newsletters).replace(/^You/, 'you')}`)
    },
    onSubmitInvalid: ({ formApi }) => {
      // The first problem, in the order the page shows them.
      if (formApi.getFieldValue('newsletters').length === 0) choicesRef.current?.querySelector<HTMLInputElement>('input[type=checkbox]')?.focus()
      else emailRef.current?.focus()
    },
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  // A message due to leaving the address by pointer waits for the press to end, so pressing
  // Subscribe just after a mistake is not lost to the message pushing the button down.
  const held = useHeldWhilePressed()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    setOutcome(null)
    setNotice(null)
    void form.handleSubmit()
  }

  return (
    // Without JavaScript the browser posts the form to the service itself, which answers with a page.
    <form className="subscribe-form" method="post" action="/subscribe" noValidate onSubmit={submit} aria-label="Subscribe">
      {/* Sent even with no box ticked, so the service can tell this form from the About page's box. */}
      <input type="hidden" name="newsletters" value="" />
      <form.Field name="newsletters" validators={{ onChange: newslettersValidator, onSubmit: newslettersValidator }}>
        {(field) => (
          <div ref={choicesRef}>
            <NewsletterChoices
              newsletters={newsletters}
              legend="Choose your newsletters"
              value={field.state.value}
              onChange={(value) => {
                field.handleChange(value)
                setChoiceServerError(undefined)
              }}
              error={(typeof field.state.meta.errors[0] === 'string' ? field.state.meta.errors[0] : undefined) ?? choiceServerError}
            />
          </div>
        )}
      </form.Field>
      <form.Field name="email" validators={{ onChange: emailSchema }}>
        {(field) => {
          const error = ((field.state.meta.isBlurred && !held.has('email')) || submitted ? field.state.meta.errors[0]?.message : undefined) ?? serverError
          const inputId = `${id}-email`
          const errorId = `${inputId}-error`
          return (
            <div className="subscribe-form__field">
              <label htmlFor={inputId}>Email address</label>
              <p className="subscribe-form__help" id={`${inputId}-help`}>
                We will send a link to confirm your sign-up here, then the newsletters you chose.
              </p>
              <input
                ref={emailRef}
                id={inputId}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={field.state.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${inputId}-help` : `${inputId}-help`}
                onChange={(event) => {
                  field.handleChange(event.target.value)
                  setServerError(undefined)
                }}
                onBlur={() => {
                  held.hold('email')
                  field.handleBlur()
                  // An address left empty is a problem too, and no change has run the check yet.
                  void field.validate('change')
                }}
              />
              {error ? (
                <p id={errorId} className="subscribe-form__error">
                  {error}
                </p>
              ) : null}
            </div>
          )
        }}
      </form.Field>
      {notice ? <FormNotice tone="problem">{notice}</FormNotice> : null}
      <button type="submit" className="subscribe-form__submit" aria-disabled={sending || undefined}>
        {sending ? 'Subscribing...' : 'Subscribe'}
      </button>
      <p className="subscribe-form__small">Free. Every newsletter has a link to change what you receive or to unsubscribe.</p>
      <p role="status" className="subscribe-form__status">
        {outcome}
      </p>
    </form>
  )
}
