import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useConfirmation } from '../ui/ConfirmDialog.tsx'
import { ConfirmDelete, type ConfirmDeleteProps } from './ConfirmDelete.tsx'

interface Item {
  id: string
  title: string
}

const items: Item[] = [
  { id: 'bridge', title: 'London Bridge reopens' },
  { id: 'dawn', title: 'Dawn on the Thames' },
]

// A list as the admin's are: a Delete button for each item, the question asked by ConfirmDelete.
function List({ onDelete, ...wording }: { onDelete: (item: Item) => Promise<unknown> } & Pick<ConfirmDeleteProps<Item>, 'noun' | 'nameInQuestion'>) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const confirmation = useConfirmation(onDelete)
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Items
      </h1>
      {items.map((item) => (
        <button key={item.id} type="button" onClick={() => confirmation.ask(item)}>
          Delete {item.title}
        </button>
      ))}
      <ConfirmDelete confirmation={confirmation} nameOf={(item) => item.title} fallbackFocus={headingRef} {...wording} />
    </>
  )
}

describe('ConfirmDelete', () => {
  it('asks about “this article” and names it below, then deletes the one asked about', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const onDelete = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<List onDelete={onDelete} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Delete London Bridge reopens' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete article' })
    expect(within(dialog).getByText('Are you sure you want to delete this article?')).toBeTruthy()
    // Recently deleted brings an article back, so the dialog does not say it is gone for good.
    expect(within(dialog).getByText('“London Bridge reopens” will be removed for readers and editors. For 30 days it can be restored, as a draft, from Recently deleted.')).toBeTruthy()
    expect(within(dialog).queryByText(/cannot be undone/)).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(onDelete).toHaveBeenCalledWith(items[0])
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeTruthy()
    await act(async () => finish())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('names the item in the question for the section manager, with its noun in the title', async () => {
    const user = userEvent.setup()
    render(<List onDelete={async () => {}} noun="gallery" nameInQuestion />)
    await user.click(screen.getByRole('button', { name: 'Delete Dawn on the Thames' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete gallery' })
    expect(within(dialog).getByText('Are you sure you want to delete "Dawn on the Thames"?')).toBeTruthy()
    // Recently deleted lists articles only: a gallery's delete is for good.
    expect(within(dialog).getByText('It will be removed for readers and editors. This cannot be undone.')).toBeTruthy()
  })

  it('says a section manager’s article can be restored from Recently deleted', async () => {
    const user = userEvent.setup()
    render(<List onDelete={async () => {}} nameInQuestion />)
    await user.click(screen.getByRole('button', { name: 'Delete Dawn on the Thames' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete article' })
    expect(within(dialog).getByText('It will be removed for readers and editors. For 30 days it can be restored, as a draft, from Recently deleted.')).toBeTruthy()
  })

  it('deletes nothing when cancelled, and gives focus back to the Delete button', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn(async () => {})
    render(<List onDelete={onDelete} />)
    const opener = screen.getByRole('button', { name: 'Delete Dawn on the Thames' })
    await user.click(opener)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onDelete).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(opener)
  })
})
