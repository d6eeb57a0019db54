import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ComponentProps } from 'react'
import { fn } from 'storybook/test'
import { subscriptionPlans } from '../../../shared/readerForms.ts'
import { type SubscriptionPlanId } from '../../../shared/newsroom.ts'
import { SubscribePlans } from './SubscribePlans.tsx'

const meta = {
  title: 'Reader/SubscribePlans',
  component: SubscribePlans,
  args: { plans: subscriptionPlans, value: 'digital', onChange: fn() },
} satisfies Meta<typeof SubscribePlans>

export default meta
type Story = StoryObj<typeof meta>

export const DigitalChosen: Story = {}

export const WeekendChosen: Story = { args: { value: 'weekend' } }

export const OnePlan: Story = { args: { plans: subscriptionPlans.slice(1, 2), value: 'digital-print' } }

export const LongText: Story = {
  args: {
    plans: [
      {
        id: 'digital-print',
        name: 'Digital + Print with the Saturday magazine and the Sunday supplement',
        pricePence: 2499,
        summary: 'The printed paper delivered to your door every morning before seven, plus everything on the website and in the app.',
        features: ['The paper delivered Monday to Sunday, including bank holidays', 'Everything in Digital', 'Puzzles, the crossword archive and the weekend magazine'],
      },
    ],
    value: 'digital-print',
  },
}

/** Clickable: the chosen card follows the reader's pick. */
function ChoosablePlans(props: ComponentProps<typeof SubscribePlans>) {
  const [value, setValue] = useState<SubscriptionPlanId>(props.value)
  return <SubscribePlans {...props} value={value} onChange={setValue} />
}

export const Interactive: Story = { render: (args) => <ChoosablePlans {...args} /> }
