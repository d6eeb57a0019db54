import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CategoryPicker, type CategoryChoice } from './CategoryPicker.tsx'

const options: CategoryChoice[] = [
  { id: 'c-uk', name: 'UK' },
  { id: 'c-world', name: 'World' },
  { id: 'c-business', name: 'Business & Money' },
]

function Picker({ initial = [], onChange = () => {}, onBlur, errors, list = options }: { initial?: string[]; onChange?: (v: string[]) => void; onBlur?: () => void; errors?: string[]; list?: CategoryChoice[] }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <CategoryPicker
        id="categories"
        label="Categories"
        options={list}
        value={value}
        onChange={(next) => {
          setValue(next)
          onChange(next)
        }}
        onBlur={onBlur}
        errors={errors}
      />
      <button type="button">Elsewhere</button>
    </>
  )
}

const chosenNames = () => {
  const list = screen.queryByRole('list', { name: /chosen/ })
  return list ? within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent) : []
}

describe('CategoryPicker', () => {
  it('is a named group that says nothing is chosen, with every category as a checkbox', () => {
    render(<Picker />)
    const group = screen.getByRole('group', { name: 'Categories' })
    expect(within(group).getByText('None chosen yet.')).toBeTruthy()
    expect(within(group).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['UK', 'World', 'Business & Money'])
  })

  it('lists the chosen categories in the order they were checked, the first shown on cards', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Picker onChange={onChange} />)
    await user.click(screen.getByRole('checkbox', { name: 'World' }))
    await user.click(screen.getByRole('checkbox', { name: 'UK' }))
    expect(onChange).toHaveBeenLastCalledWith(['c-world', 'c-uk'])
    expect(chosenNames()).toEqual(['World', 'UK'])
    expect(screen.getByText('2 chosen. The first is the one article cards show.')).toBeTruthy()
    expect(within(screen.getByRole('list', { name: /chosen/ })).getByText('shown on cards')).toBeTruthy()
  })

  it('makes a chosen category first, or removes it, by name', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Picker initial={['c-world', 'c-uk', 'c-business']} onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Make first: Business & Money' }))
    expect(chosenNames()).toEqual(['Business & Money', 'World', 'UK'])
    await user.click(screen.getByRole('button', { name: 'Remove: World' }))
    expect(onChange).toHaveBeenLastCalledWith(['c-business', 'c-uk'])
    expect((screen.getByRole('checkbox', { name: 'World' }) as HTMLInputElement).checked).toBe(false)
  })

  it('filters the checkboxes by name, says how many match, and keeps what was chosen', async () => {
    const user = userEvent.setup()
    render(<Picker initial={['c-uk']} />)
    await user.type(screen.getByRole('searchbox', { name: 'Filter categories' }), 'wor')
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['World'])
    expect(screen.getByText('1 of 3 categories match')).toBeTruthy()
    expect(chosenNames()).toEqual(['UK'])
    await user.clear(screen.getByRole('searchbox', { name: 'Filter categories' }))
    await user.type(screen.getByRole('searchbox', { name: 'Filter categories' }), 'zzz')
    expect(screen.queryAllByRole('checkbox')).toEqual([])
    expect(screen.getByText('No category matches “zzz”.')).toBeTruthy()
  })

  it('works from the keyboard: Tab to a checkbox, Space to choose it', async () => {
    const user = userEvent.setup()
    render(<Picker />)
    await user.click(screen.getByRole('searchbox', { name: 'Filter categories' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'UK' }))
    await user.keyboard(' ')
    expect(chosenNames()).toEqual(['UK'])
  })

  it('is left only when focus leaves the whole group', async () => {
    const user = userEvent.setup()
    const onBlur = vi.fn()
    render(<Picker onBlur={onBlur} />)
    await user.click(screen.getByRole('checkbox', { name: 'UK' }))
    await user.click(screen.getByRole('checkbox', { name: 'World' }))
    expect(onBlur).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(onBlur).toHaveBeenCalledTimes(1)
  })

  it('shows its message, tied to the group, and marks the group invalid', () => {
    render(<Picker errors={['Please select a category.']} />)
    const group = screen.getByRole('group', { name: 'Categories' })
    expect(group.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('Please select a category.')
  })

  it('says when there are no categories, and names a chosen one that no longer exists', () => {
    const { unmount } = render(<Picker list={[]} />)
    expect(screen.getByText('There are no categories yet. Add them on the Categories page.')).toBeTruthy()
    expect(screen.queryByRole('searchbox')).toBeNull()
    unmount()
    render(<Picker initial={['c-gone', 'c-uk']} />)
    expect(chosenNames()).toEqual(['Unknown category', 'UK'])
  })
})
