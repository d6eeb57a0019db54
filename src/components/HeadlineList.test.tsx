import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HeadlineList } from './HeadlineList.tsx'

describe('HeadlineList', () => {
  it('links each headline to its article', () => {
    render(<HeadlineList headlines={[{ id: '1', title: 'Council budget vote delayed', slug: 'council-budget' }]} />)
    expect(screen.getByRole('link', { name: 'Council budget vote delayed' }).getAttribute('href')).toBe('/article/council-budget')
  })

  it('says when it is loading, empty or failed', () => {
    const { rerender } = render(<HeadlineList headlines={null} />)
    expect(screen.getByText('Loading the latest headlines…')).toBeTruthy()
    rerender(<HeadlineList headlines={[]} />)
    expect(screen.getByText('No articles have been published yet.')).toBeTruthy()
    rerender(<HeadlineList headlines={null} error="offline" />)
    expect(screen.getByRole('alert').textContent).toBe('Could not load the latest headlines: offline')
  })
})
