import { render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { RelativeTime } from '../components/ui/RelativeTime.tsx'
import { refreshRelativeTimes } from './relativeTimes.ts'
import { islandTag } from './prefix.ts'

const rendered = new Date('2026-11-21T12:00:00Z')

describe("a document's relative times", () => {
  it("move on to the reader's clock by their own rule, titles unchanged, and leave an island's alone", () => {
    render(
      <>
        <p>
          <RelativeTime date="2026-11-21T11:55:00Z" now={rendered} />
        </p>
        <p>
          <RelativeTime date="2026-11-14T13:00:00Z" now={rendered} rule="card" />
        </p>
        {createElement(islandTag, null, <RelativeTime date="2026-11-21T11:50:00Z" now={rendered} />)}
      </>,
    )
    expect(screen.getAllByText(/ago$/).map((time) => time.textContent)).toEqual(['5 minutes ago', '7 days ago', '10 minutes ago'])
    refreshRelativeTimes(document, new Date('2026-11-21T13:10:00Z'))
    const [ago, card, inIsland] = [...document.querySelectorAll('time')]
    expect(ago!.textContent).toBe('about 1 hour ago')
    expect(ago!.getAttribute('title')).toBe('Saturday 21 November 2026 11.55 GMT')
    // A week has passed since: a card's date is now the long date.
    expect(card!.textContent).toBe('Saturday 14 November 2026')
    expect(inIsland!.textContent).toBe('10 minutes ago')
  })
})
