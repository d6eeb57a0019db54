import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { formatPence } from '../../content/pages/contact.ts'
import { emailSchema, subscriptionPlans, subscriptionSchema, type Subscription, type SubscriptionPlanId } from '../../../shared/readerForms.ts'
import { SubscribePlans } from './SubscribePlans.tsx'
import './SubscribeForm.css'

export interface SubscribeFormProps {
  /** Receives the chosen plan and the trimmed address once they are valid. */
  onSubscribe?: (subscription: Subscription) => void
  /** An address to start with, such as the one typed into the About page's box. */
  initialEmail?: string
  initialPlan?: SubscriptionPlanId
}

export function SubscribeForm({ onSubscribe, initialEmail = '', initialPlan = 'digital' }: SubscribeFormProps) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const [confirmed, setConfirmed] = useState<Subscription | null>(null)
  const form = useForm({
    defaultValues: { plan: initialPlan, email: initialEmail },
    // Every submit checks the address again and moves focus to it, even after an earlier failure.
    canSubmitWhenInvalid: true,
    onSubmit: ({ value, formApi }) => {
      const subscription = v.parse(subscriptionSchema, value)
      onSubscribe?.(subscription)
      // Keep the starting values as the defaults: otherwise the next render, still passing them,
      // puts them back into the cleared form.
      formApi.reset({ plan: subscription.plan, email: '' }, { keepDefaultValues: true })
      setConfirmed(subscription)
    },
    onSubmitInvalid: () => emailRef.current?.focus(),
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const confirmedPlan = subscriptionPlans.find((plan) => plan.id === confirmed?.plan)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setConfirmed(null)
    void form.handleSubmit()
  }

  return (
    <form className="subscribe-form" noValidate onSubmit={submit} aria-label="Subscribe">
      <form.Field name="plan">
        {(field) => <SubscribePlans plans={subscriptionPlans} value={field.state.value} onChange={field.handleChange} name="plan" />}
      </form.Field>
      <form.Field name="email" validators={{ onChange: emailSchema }}>
        {(field) => {
          const error = field.state.meta.isBlurred || submitted ? field.state.meta.errors[0]?.message : undefined
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
                onChange={(event) => field.handleChange(event.target.value)}
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
      <button type="submit" className="subscribe-form__submit">
        Subscribe
      </button>
      <p className="subscribe-form__small">Prices include VAT. Cancel at any time.</p>
      <p role="status" className="subscribe-form__status">
        {confirmed ? (
          <>
            Thank you. We have sent a confirmation to {confirmed.email}.
            {confirmedPlan ? ` Your plan: ${confirmedPlan.name}, ${formatPence(confirmedPlan.pricePence)} a month.` : null}
          </>
        ) : null}
      </p>
    </form>
  )
}
