import { act, render, screen } from '@testing-library/react'
import { useId } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { DocumentRenderContext, island, type DocumentRender } from './island.tsx'

function Labelled({ label }: { label: string }) {
  const id = useId()
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  )
}

const LabelledIsland = island('Labelled', Labelled, { defer: 'visible' })

function documentRender(): DocumentRender {
  return { islands: [], scripts: new Set(), renderIsland: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) }
}

describe('island', () => {
  it('is its component inside the app', () => {
    render(<LabelledIsland label="Email address" />)
    expect(screen.getByLabelText('Email address').tagName).toBe('INPUT')
    expect(document.querySelector('resonance-island')).toBeNull()
  })

  it("renders in a document as a marker with its name, props and defer, its ids from its own prefix, and asks for the islands' script", () => {
    const page = documentRender()
    const html = renderToString(
      <DocumentRenderContext value={page}>
        <LabelledIsland label="First" />
        <LabelledIsland label="Second <b>" />
      </DocumentRenderContext>,
    )
    document.body.innerHTML = html
    const markers = [...document.querySelectorAll<HTMLElement>('resonance-island')]
    expect(markers.map((marker) => ({ ...marker.dataset }))).toEqual([
      { island: 'Labelled', defer: 'visible', props: '{"label":"First"}' },
      { island: 'Labelled', defer: 'visible', props: '{"label":"Second <b>"}' },
    ])
    expect(markers.map((marker) => marker.querySelector('input')!.id)).toEqual([expect.stringContaining('Labelled-0-'), expect.stringContaining('Labelled-1-')])
    expect(screen.getByLabelText('Second <b>').tagName).toBe('INPUT')
    expect(page.islands).toEqual(['Labelled', 'Labelled'])
    expect([...page.scripts]).toEqual(['islands'])
  })
})

describe("the islands' client entry", () => {
  it('hydrates a marker on its own at its first use, without a mismatch, and marks it hydrated', async () => {
    const { VideoPlayer } = await import('../components/article/VideoPlayer.island.tsx')
    const page = documentRender()
    const html = renderToString(
      <DocumentRenderContext value={page}>
        <VideoPlayer src="/files/clip.mp4" type="video/mp4" title="The clip" poster={null} caption="A caption" credit={null} />
      </DocumentRenderContext>,
    )
    // At first use: jsdom has no layout, so 'visible' would never come.
    document.body.innerHTML = html.replace('data-defer="visible"', 'data-defer="interaction"')
    const errors = vi.spyOn(console, 'error')
    const marker = document.querySelector<HTMLElement>('resonance-island')!
    await import('./client.ts')
    expect('hydrated' in marker.dataset).toBe(false)
    marker.querySelector('figcaption')!.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    // Each act lets React finish what it was given since the last; the marker is marked once hydrated.
    await vi.waitFor(
      async () => {
        await act(async () => {})
        expect('hydrated' in marker.dataset).toBe(true)
      },
      { timeout: 20_000, interval: 20 },
    )
    expect(errors).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Video: The clip').tagName).toBe('VIDEO')
  })
})
