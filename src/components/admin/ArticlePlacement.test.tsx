import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ArticlePlacement } from './ArticlePlacement.tsx'

describe('ArticlePlacement', () => {
  it('says where a story will appear once published, under its own heading', () => {
    render(<ArticlePlacement homepage="On the homepage in Latest Updates." listings="In the listings of UK, and in search." live={false} />)
    const region = screen.getByRole('region', { name: 'Where it will appear once published' })
    expect([...region.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['On the homepage in Latest Updates.', 'In the listings of UK, and in search.'])
  })

  it('speaks of a live story as where readers find it', () => {
    render(<ArticlePlacement homepage="On the homepage in the Lead Story." listings="In search." live />)
    expect(screen.getByRole('heading', { level: 2, name: 'Where readers find it, once saved' })).toBeTruthy()
  })
})
