import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Toaster, type ToastView } from './Toaster.tsx'

const toast = (overrides: Partial<ToastView>): ToastView => ({ id: 't1', kind: 'blank', title: 'Note', open: true, ...overrides })

/** The live region Radix fills with a toast's words for a moment, so a screen reader speaks them. */
async function announcement(title: string) {
  let region: HTMLElement | undefined
  await waitFor(() => {
    region = screen.getAllByRole('status').find((el) => el.textContent?.startsWith(`Notification ${title}`))
    expect(region).toBeTruthy()
  })
  return region!
}

/** Several toasts' announcements, found together in one look at the page. */
async function announcements(titles: string[]) {
  let regions: (HTMLElement | undefined)[] = []
  await waitFor(() => {
    const all = screen.getAllByRole('status')
    regions = titles.map((title) => all.find((el) => el.textContent?.startsWith(`Notification ${title}`)))
    expect(regions.every(Boolean)).toBe(true)
  })
  return regions
}

describe('Toaster', () => {
  it('shows each toast’s title and description in the notifications region', () => {
    render(<Toaster toasts={[toast({ kind: 'success', title: 'Success', description: 'Article created successfully.' })]} onDismiss={() => {}} />)
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy()
    expect(screen.getByText('Success')).toBeTruthy()
    expect(screen.getByText('Article created successfully.')).toBeTruthy()
  })

  it('tells onDismiss which toast the reader closed', () => {
    const onDismiss = vi.fn()
    render(
      <Toaster
        toasts={[toast({ id: 'first', title: 'Item deleted successfully!' }), toast({ id: 'second', kind: 'error', title: 'Error', description: 'Failed to delete: offline' })]}
        onDismiss={onDismiss}
      />,
    )
    const buttons = screen.getAllByRole('button', { name: 'Dismiss notification' })
    expect(buttons).toHaveLength(2)
    fireEvent.click(buttons[1]!)
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith('second')
  })

  it('lets Escape on a focused toast dismiss it', () => {
    const onDismiss = vi.fn()
    render(<Toaster toasts={[toast({ id: 'note-1', title: 'Item deleted successfully!' })]} onDismiss={onDismiss} />)
    const item = screen.getByText('Item deleted successfully!').closest('li')!
    fireEvent.keyDown(item, { key: 'Escape' })
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith('note-1')
  })

  it('announces errors assertively and other toasts politely', async () => {
    render(
      <Toaster
        toasts={[
          toast({ id: 'e', kind: 'error', title: 'Error', description: 'Failed to log in' }),
          toast({ id: 's', kind: 'success', title: 'Login Successful!' }),
          toast({ id: 'l', kind: 'loading', title: 'Saving article' }),
        ]}
        onDismiss={() => {}}
      />,
    )
    // Radix keeps each announcement for about a second: the three are read in one look, since on a
    // busy machine waiting for them one after another outlived the first ones.
    const [error, success, loading] = await announcements(['Error', 'Login Successful!', 'Saving article'])
    expect(error!.getAttribute('aria-live')).toBe('assertive')
    expect(error!.textContent).toContain('Failed to log in')
    expect(success!.getAttribute('aria-live')).toBe('polite')
    expect(loading!.getAttribute('aria-live')).toBe('polite')
  })

  it('announces how a loading toast ends, not only that it started', async () => {
    const { rerender } = render(<Toaster toasts={[toast({ id: 'd', kind: 'loading', title: 'Deleting article' })]} onDismiss={() => {}} />)
    await announcement('Deleting article')
    rerender(<Toaster toasts={[toast({ id: 'd', kind: 'error', title: 'Failed to delete', description: 'Network error' })]} onDismiss={() => {}} />)
    const outcome = await announcement('Failed to delete')
    expect(outcome.getAttribute('aria-live')).toBe('assertive')
    expect(outcome.textContent).toContain('Network error')
  })

  it('gives a loading toast no close button', () => {
    render(<Toaster toasts={[toast({ kind: 'loading', title: 'Uploading image' })]} onDismiss={() => {}} />)
    expect(screen.getByText('Uploading image')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull()
  })

  it('stops showing a toast once it is closed', () => {
    const { rerender } = render(<Toaster toasts={[toast({ title: 'Item deleted successfully!' })]} onDismiss={() => {}} />)
    expect(screen.getByText('Item deleted successfully!')).toBeTruthy()
    rerender(<Toaster toasts={[toast({ title: 'Item deleted successfully!', open: false })]} onDismiss={() => {}} />)
    expect(screen.queryByText('Item deleted successfully!')).toBeNull()
  })
})
