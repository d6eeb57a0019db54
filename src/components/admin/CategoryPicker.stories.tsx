import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { CategoryPicker, type CategoryChoice, type CategoryPickerProps } from './CategoryPicker.tsx'

const few: CategoryChoice[] = [
  { id: 'c-uk', name: 'UK' },
  { id: 'c-world', name: 'World' },
  { id: 'c-business', name: 'Business & Money' },
  { id: 'c-culture', name: 'Culture' },
]

const many: CategoryChoice[] = [
  ...few,
  ...['Sport', 'Comment', 'Politics', 'Climate', 'Technology', 'Science', 'Health', 'Education', 'Transport', 'Housing', 'Crime', 'Arts', 'Books', 'Film', 'Music', 'Theatre', 'Food', 'Travel', 'Fashion', 'Property', 'Obituaries', 'Letters', 'Podcasts', 'Video', 'Photography', 'Weather', 'London', 'Europe', 'Americas', 'Asia Pacific'].map((name) => ({ id: `c-${name.toLowerCase().replace(/\W+/g, '-')}`, name })),
]

/** The picker holding its own value, as the form does. */
function Stateful(props: CategoryPickerProps) {
  const [value, setValue] = useState<string[]>([...props.value])
  return (
    <CategoryPicker
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next)
        props.onChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Admin/CategoryPicker',
  component: CategoryPicker,
  render: (args) => <Stateful {...args} />,
  args: { id: 'story-categories', label: 'Categories', options: few, value: [], onChange: fn(), onBlur: fn() },
} satisfies Meta<typeof CategoryPicker>

export default meta
type Story = StoryObj<typeof meta>

export const NoneChosen: Story = {}

export const TwoChosen: Story = { args: { value: ['c-business', 'c-uk'] } }

/** The newsroom has no categories yet. */
export const NoCategories: Story = { args: { options: [] } }

/** After a save attempt with none chosen. */
export const Invalid: Story = { args: { errors: ['Please select a category.'] } }

export const ManyCategories: Story = { args: { options: many, value: ['c-politics', 'c-london', 'c-transport', 'c-climate'] } }

/** An article from the archive still references a category since deleted. */
export const UnknownChosen: Story = { args: { value: ['c-removed', 'c-uk'] } }
