import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { emailSchema, subscriptionPlans, subscriptionSchema, type FormResult, type Subscription } from '../../../shared/readerForms.ts'
import { type SubscriptionPlanId } from '../../../shared/newsroom.ts'
import { formatPence, subscriptionOutcome } from '../../content/pages/contact.ts'
import { FormNotice } from './FormNotice.tsx'
import { SubscribePlans } from './SubscribePlans.tsx'
import './SubscribeForm.css'

export interface SubscribeFormProps {
  /**
   * Sends the chosen plan and the trimmed address once they are valid. The form confirms only what
   * the answer says happened (the confirmation email sent, or kept because email is off); a throw is
   * a message for the reader (the service could not be reached).
   */
  onSubscribe: (subscription: Subscription) => Promise<FormResult>
  /** An address to start with: a story's, or what was typed into a form the service sent back. */
  initialEmail?: string
  initialPlan?: SubscriptionPlanId
  /** The service's problems with a form it sent back (sent without JavaScript), by field. */
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

export function SubscribeForm({ onSubscribe, initialEmail = '', initialPlan = 'digital', initialErrors = {}, initialNotice = null }: SubscribeFormProps) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(initialNotice)
  const [sending, setSending] = useState(false)
  const [serverError, setServerError] = useState<string | undefined>(initialErrors.email)
  const form = useForm({
    defaultValues: { plan: initialPlan, email: initialEmail },
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
        setNotice(result.notice ?? result.errors?.plan ?? null)
        return
      }
      const plan = subscriptionPlans.find((candidate) => candidate.id === subscription.plan)
      // Keep the starting values as the defaults: otherwise the next render, still passing them,
      // puts them back into the cleared form.
      formApi.reset({ plan: subscription.plan, email: '' }, { keepDefaultValues: true })
      setOutcome(`${subscriptionOutcome(result.delivery, subscription.email)}${plan ? ` Your plan: ${plan.name}, ${formatPence(plan.pricePence)} a month.` : ''}`)
    },
    onSubmitInvalid: () => emailRef.current?.focus(),
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)

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
      <form.Field name="plan">
        {(field) => <SubscribePlans plans={subscriptionPlans} value={field.state.value} onChange={field.handleChange} name="plan" />}
      </form.Field>
      <form.Field name="email" validators={{ onChange: emailSchema }}>
        {(field) => {
          const error = (field.state.meta.isBlurred || submitted ? field.state.meta.errors[0]?.message : undefined) ?? serverError
          const inputId = `${id}-email`
          const errorId = `${inputId}-error`
          return (
            <div className="subscribe-form__field">
              <label htmlFor={inputId}>Email address</label>
              <p className="subscribe-form__help" id={`${inputId}-help`}>
                We will send your confirmation and receipts here.
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
      <p className="subscribe-form__small">Prices include VAT. Cancel at any time.</p>
      <p role="status" className="subscribe-form__status">
        {outcome}
      </p>
    </form>
  )
}
