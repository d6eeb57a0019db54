import { useId } from 'react'
import { formatPence } from '../../content/pages/contact.ts'
import { type SubscriptionPlan } from '../../../shared/readerForms.ts'
import { type SubscriptionPlanId } from '../../../shared/newsroom.ts'
import './SubscribePlans.css'

export interface SubscribePlansProps {
  plans: readonly SubscriptionPlan[]
  value: SubscriptionPlanId
  onChange: (plan: SubscriptionPlanId) => void
  /** The radio group's form name. */
  name?: string
}

/** The subscription plans as a radio group of cards: the whole card picks the plan. */
export function SubscribePlans({ plans, value, onChange, name = 'plan' }: SubscribePlansProps) {
  const id = useId()
  return (
    <fieldset className="subscribe-plans">
      <legend className="subscribe-plans__legend">Choose your plan</legend>
      <div className="subscribe-plans__cards">
        {plans.map((plan) => {
          const planId = `${id}-${plan.id}`
          return (
            <label key={plan.id} className={`subscribe-plans__card${plan.id === value ? ' subscribe-plans__card--chosen' : ''}`}>
              <input
                type="radio"
                name={name}
                value={plan.id}
                checked={plan.id === value}
                onChange={() => onChange(plan.id)}
                // The card's whole text would make a long name; the name and price say which plan it is.
                aria-labelledby={`${planId}-name ${planId}-price`}
                aria-describedby={`${planId}-summary`}
              />
              <span className="subscribe-plans__name" id={`${planId}-name`}>
                {plan.name}
              </span>
              <span className="subscribe-plans__price" id={`${planId}-price`}>
                {formatPence(plan.pricePence)} a month
              </span>
              <span className="subscribe-plans__summary" id={`${planId}-summary`}>
                {plan.summary}
              </span>
              <ul className="subscribe-plans__features">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
