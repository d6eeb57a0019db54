import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { hooks, purgeHook, searchHook } from './Webhook.fixtures.ts'
import { WebhookList, type WebhookListProps } from './WebhookList.tsx'

function props(overrides: Partial<WebhookListProps> = {}): WebhookListProps {
  return { state: { status: 'ready', data: hooks }, onToggle: vi.fn(), onDelete: vi.fn(), ...overrides }
}

const hookNamed = (name: string) => within(screen.getByRole('article', { name }))

describe('WebhookList', () => {
  it('shows each hook’s URL, triggers, filter, projection, drafts, state and deliveries in words', async () => {
    await renderWithRouter(<WebhookList {...props()} />)
    expect(screen.getByRole('status').textContent).toBe('2 webhooks.')
    const purge = hookNamed('Purge the edge cache')
    expect(purge.getByText('http://127.0.0.1:6081/purge')).toBeTruthy()
    expect(purge.getByText('Create, update and delete in production')).toBeTruthy()
    expect(purge.getByText('_type == "article"').tagName).toBe('CODE')
    expect(purge.getByText('{_id, "slug": slug.current}').tagName).toBe('CODE')
    expect(purge.getByText('Enabled')).toBeTruthy()
    expect(purge.getByText('No deliveries waiting or failed')).toBeTruthy()
    const search = hookNamed('search.example.net')
    expect(search.getByText('Update and delete in production, drafts included')).toBeTruthy()
    expect(search.getByText('Every document')).toBeTruthy()
    expect(search.getByText('The whole document')).toBeTruthy()
    expect(search.getByText('Disabled')).toBeTruthy()
    expect(search.getByText('2 waiting, 1 failed')).toBeTruthy()
  })

  it('links each hook to its delivery log and marks the open one', async () => {
    await renderWithRouter(<WebhookList {...props({ openId: purgeHook.id })} />)
    const link = screen.getByRole('link', { name: 'Delivery log of Purge the edge cache' })
    expect(link.getAttribute('href')).toBe(`/admin/webhooks?hook=${purgeHook.id}`)
    expect(link.getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('link', { name: 'Delivery log of search.example.net' }).getAttribute('aria-current')).toBeNull()
  })

  it('enables, disables and deletes by the hook’s own buttons', async () => {
    const user = userEvent.setup()
    const onToggle = vi.fn()
    const onDelete = vi.fn()
    await renderWithRouter(<WebhookList {...props({ onToggle, onDelete })} />)
    await user.click(screen.getByRole('button', { name: 'Disable Purge the edge cache' }))
    expect(onToggle).toHaveBeenCalledWith(purgeHook, false)
    await user.click(screen.getByRole('button', { name: 'Enable search.example.net' }))
    expect(onToggle).toHaveBeenCalledWith(searchHook, true)
    await user.click(screen.getByRole('button', { name: 'Delete search.example.net' }))
    expect(onDelete).toHaveBeenCalledWith(searchHook)
  })

  it('holds a hook’s buttons while it is being changed', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    await renderWithRouter(<WebhookList {...props({ onDelete, busyIds: new Set([purgeHook.id]) })} />)
    const remove = screen.getByRole('button', { name: 'Delete Purge the edge cache' })
    expect(remove.getAttribute('aria-disabled')).toBe('true')
    await user.click(remove)
    expect(onDelete).not.toHaveBeenCalled()
  })

  it('says when there are none, while loading, and why it failed', async () => {
    const user = userEvent.setup()
    const empty = await renderWithRouter(<WebhookList {...props({ state: { status: 'ready', data: [] } })} />)
    expect(screen.getByRole('status').textContent).toBe('No webhooks yet. Create one below.')
    expect(screen.queryByRole('list')).toBeNull()
    empty.unmount()
    const loading = await renderWithRouter(<WebhookList {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading webhooks...')
    loading.unmount()
    const onRetry = vi.fn()
    await renderWithRouter(<WebhookList {...props({ state: { status: 'error', message: 'Only an admin may manage webhooks.' }, onRetry })} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Failed to load the webhooks.')
    expect(alert.textContent).toContain('Only an admin may manage webhooks.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
