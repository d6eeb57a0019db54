import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog, useConfirmation } from './ConfirmDialog.tsx'

function Harness({ action }: { action: (name: string) => Promise<unknown> }) {
  const confirmation = useConfirmation(action)
  const [items, setItems] = useState(['Bridge', 'Barrier'])
  const headingRef = useRef<HTMLHeadingElement>(null)
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Articles
      </h1>
      {items.map((item) => (
        <button key={item} type="button" onClick={() => confirmation.ask(item)}>
          Delete {item}
        </button>
      ))}
      <button type="button" onClick={() => setItems(items.slice(1))}>
        Drop first
      </button>
      <ConfirmDialog
        open={confirmation.target !== null}
        title="Delete article"
        message="Are you sure you want to delete this article?"
        detail={confirmation.target ? <p>“{confirmation.target}”</p> : null}
        busy={confirmation.busy}
        onConfirm={() => {
          void confirmation.confirm().then(() => setItems((now) => now.filter((i) => i !== confirmation.target)))
        }}
        onCancel={confirmation.cancel}
        fallbackFocus={headingRef}
      />
    </>
  )
}

/** A list whose rows come from outside, as a refreshed loader's would. */
function ListHarness({ items, action }: { items: string[]; action: (name: string) => Promise<unknown> }) {
  const confirmation = useConfirmation(action)
  const headingRef = useRef<HTMLHeadingElement>(null)
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Articles
      </h1>
      {items.map((item) => (
        <button key={item} type="button" onClick={() => confirmation.ask(item)}>
          Delete {item}
        </button>
      ))}
      <ConfirmDialog
        open={confirmation.target !== null}
        title="Delete article"
        message="Are you sure you want to delete this article?"
        busy={confirmation.busy}
        onConfirm={() => void confirmation.confirm()}
        onCancel={confirmation.cancel}
        fallbackFocus={headingRef}
      />
    </>
  )
}

describe('ConfirmDialog', () => {
  it('asks the question in a labelled dialog with focus on Cancel', () => {
    render(<ConfirmDialog open title="Delete article" message="Are you sure you want to delete this article?" detail={<p>“Bridge”</p>} onConfirm={() => {}} onCancel={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Delete article' })
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Are you sure you want to delete this article?').id)
    expect(screen.getByText('“Bridge”')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy()
  })

  it('is not shown while closed', () => {
    render(<ConfirmDialog open={false} title="Delete article" message="Are you sure?" onConfirm={() => {}} onCancel={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('confirms with Delete, and cancels with Cancel or Escape', async () => {
    const user = userEvent.setup()
    const confirm = vi.fn()
    const cancel = vi.fn()
    render(<ConfirmDialog open title="Delete item" message='Are you sure you want to delete "Dawn"?' onConfirm={confirm} onCancel={cancel} />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(confirm).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.keyboard('{Escape}')
    expect(cancel).toHaveBeenCalledTimes(2)
  })

  it('cannot be cancelled or confirmed again while busy, and keeps focus on the pressed button', async () => {
    const user = userEvent.setup()
    const confirm = vi.fn()
    const cancel = vi.fn()
    render(<ConfirmDialog open busy title="Delete article" message="Are you sure?" onConfirm={confirm} onCancel={cancel} />)
    const deleting = screen.getByRole('button', { name: 'Deleting...' })
    expect(deleting.getAttribute('aria-disabled')).toBe('true')
    await user.click(deleting)
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(confirm).not.toHaveBeenCalled()
    expect(cancel).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Delete article' })).toBeTruthy()
  })
})

describe('useConfirmation with ConfirmDialog', () => {
  it('returns focus to the button that opened it when cancelled', async () => {
    const user = userEvent.setup()
    const action = vi.fn(async () => {})
    render(<Harness action={action} />)
    const opener = screen.getByRole('button', { name: 'Delete Barrier' })
    await user.click(opener)
    expect(screen.getByRole('dialog', { name: 'Delete article' })).toBeTruthy()
    expect(screen.getByText('“Barrier”')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(action).not.toHaveBeenCalled()
  })

  it('stays open and busy until the action settles, then closes', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<Harness action={action} />)
    await user.click(screen.getByRole('button', { name: 'Delete Bridge' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(action).toHaveBeenCalledWith('Bridge')
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy()
    await act(async () => finish())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes after a failed action too (the action reports the failure)', async () => {
    const user = userEvent.setup()
    const action = vi.fn(async () => {
      throw new Error('refused')
    })
    render(<Harness action={action} />)
    await user.click(screen.getByRole('button', { name: 'Delete Bridge' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    // The dialog closes once the rejected action has settled, a few microtasks after the click.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(action).toHaveBeenCalledWith('Bridge')
  })

  it('moves focus to the fallback when the opener has gone', async () => {
    const user = userEvent.setup()
    render(<Harness action={async () => {}} />)
    await user.click(screen.getByRole('button', { name: 'Delete Bridge' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Bridge' })).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Articles' }))
  })

  it('follows the opener to the fallback when its row goes after the dialog has closed', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<ListHarness items={['Bridge', 'Barrier']} action={async () => {}} />)
    await user.click(screen.getByRole('button', { name: 'Delete Bridge' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Bridge' }))
    // The refreshed list arrives.
    rerender(<ListHarness items={['Barrier']} action={async () => {}} />)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Articles' })))
  })
})
