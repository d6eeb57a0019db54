import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ArticleSpinner } from './ArticleSpinner.tsx'

describe('ArticleSpinner', () => {
  it('tells assistive technology the article is loading', () => {
    render(<ArticleSpinner />)
    const status = screen.getByRole('status', { name: 'Loading article' })
    expect(status.textContent).toBe('')
  })
})
