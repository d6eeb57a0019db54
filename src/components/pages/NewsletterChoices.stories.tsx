import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ComponentProps } from 'react'
import { fn } from 'storybook/test'
import { newsletters, type NewsletterId } from '../../../shared/newsletters.ts'
import { NewsletterChoices } from './NewsletterChoices.tsx'

const meta = {
  title: 'Reader/NewsletterChoices',
  component: NewsletterChoices,
  args: { newsletters, legend: 'Choose your newsletters', value: ['morning-briefing', 'editors-edition'], onChange: fn() },
} satisfies Meta<typeof NewsletterChoices>

export default meta
type Story = StoryObj<typeof meta>

export const BothChosen: Story = {}

export const OneChosen: Story = { args: { value: ['editors-edition'] } }

export const NoneChosen: Story = { args: { value: [], error: 'Please choose at least one newsletter.' } }

/** The service sends the Morning Briefing at another time (`NEWSLETTER_MORNING_TIME`). */
export const EarlierMorning: Story = { args: { morningTime: '06:15' } }

/** Clickable: the boxes follow the reader's ticks. */
function Choosable(props: ComponentProps<typeof NewsletterChoices>) {
  const [value, setValue] = useState<readonly NewsletterId[]>(props.value)
  return <NewsletterChoices {...props} value={value} onChange={setValue} />
}

export const Interactive: Story = { render: (args) => <Choosable {...args} /> }
