import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { BylineAuthor } from './BylineAuthor.tsx'

describe('BylineAuthor', () => {
  it("reads 'By {name}' with the name linking to the author's page", async () => {
    const { container } = await renderWithRouter(
      <p>
        <BylineAuthor author={{ name: 'Priya Raman', slug: 'priya-raman' }} />
      </p>,
    )
    expect(container.querySelector('p')?.textContent).toBe('By Priya Raman')
    expect(screen.getByRole('link', { name: 'Priya Raman' }).getAttribute('href')).toBe('/author/priya-raman')
  })

  it('says Staff, linking nowhere, when the story has no author or the author no name', async () => {
    for (const author of [null, undefined, { name: '  ', slug: 'someone' }]) {
      const { container, unmount } = await renderWithRouter(
        <p>
          <BylineAuthor author={author} />
        </p>,
      )
      expect(container.querySelector('p')?.textContent).toBe('Staff')
      expect(screen.queryByRole('link')).toBeNull()
      unmount()
    }
  })

  it('names an author without a usable slug, without a link', async () => {
    for (const slug of [null, '', 'not a slug', '../admin']) {
      const { container, unmount } = await renderWithRouter(
        <p>
          <BylineAuthor author={{ name: 'Felix Armitage', slug }} nameClassName="name" />
        </p>,
      )
      expect(container.querySelector('p')?.textContent).toBe('By Felix Armitage')
      expect(screen.queryByRole('link')).toBeNull()
      expect(container.querySelector('.name')?.textContent).toBe('Felix Armitage')
      unmount()
    }
  })

  it('gives the name the class it is asked for, link or not', async () => {
    const { container } = await renderWithRouter(
      <p>
        <BylineAuthor author={{ name: 'Priya Raman', slug: 'priya-raman' }} nameClassName="byline__name" />
      </p>,
    )
    expect(screen.getByRole('link', { name: 'Priya Raman' }).classList.contains('byline__name')).toBe(true)
    expect(container.querySelectorAll('.byline__name')).toHaveLength(1)
  })
})
