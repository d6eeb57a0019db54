import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ArticleStatus } from './ArticleStatus.tsx'

describe('ArticleStatus', () => {
  it('alerts that the slug is invalid', () => {
    render(<ArticleStatus state={{ kind: 'invalidSlug' }} />)
    expect(screen.getByRole('alert').textContent).toBe('Invalid article slug.')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invalid article slug.')
    expect(screen.getByRole('link', { name: 'Return to the front page' }).getAttribute('href')).toBe('/')
  })

  it('alerts with the error message and offers another try', async () => {
    const tries: number[] = []
    render(<ArticleStatus state={{ kind: 'error', message: 'offline', onRetry: () => tries.push(1) }} />)
    expect(screen.getByRole('alert').textContent).toBe('Error loading article: offline')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(tries).toHaveLength(1)
  })

  it('says when there is no such article and leads back home', () => {
    render(<ArticleStatus state={{ kind: 'notFound' }} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Article not found.')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('link', { name: 'Return to the front page' }).getAttribute('href')).toBe('/')
  })
})
