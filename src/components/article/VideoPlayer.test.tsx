import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VideoPlayer } from './VideoPlayer.tsx'

const src = '/files/resonance/production/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.mp4'

/** The <video>: jsdom gives it no role, so it is found by its name. */
const player = () => screen.getByLabelText('Video: Thames Barrier closes') as HTMLVideoElement

describe('VideoPlayer', () => {
  it('is a named player with the browser’s controls, loading only metadata, inline on phones, with the poster', () => {
    render(<VideoPlayer src={src} type="video/mp4" title="Thames Barrier closes" poster="/images/poster.jpg" />)
    const video = player()
    expect(video.tagName).toBe('VIDEO')
    expect(video.controls).toBe(true)
    expect(video.getAttribute('preload')).toBe('metadata')
    expect(video.hasAttribute('playsinline')).toBe(true)
    expect(video.getAttribute('poster')).toBe('/images/poster.jpg')
    const source = video.querySelector('source')!
    expect([source.getAttribute('src'), source.getAttribute('type')]).toEqual([src, 'video/mp4'])
    expect(screen.getByRole('link', { name: 'Download the video (MP4)' }).getAttribute('href')).toBe(src)
  })

  it('without a poster shows no poster and no empty caption', () => {
    const { container } = render(<VideoPlayer src={src} type="video/webm" title="Thames Barrier closes" />)
    expect(player().hasAttribute('poster')).toBe(false)
    expect(container.querySelector('figcaption')).toBeNull()
    expect(screen.getByRole('link', { name: 'Download the video (WebM)' })).toBeTruthy()
  })

  it('reads the picture’s caption and then its credit under the player', () => {
    const { container } = render(<VideoPlayer src={src} type="video/mp4" title="Thames Barrier closes" caption="The barrier at dusk." credit="Photograph: Ruth Abara/Resonance" />)
    expect(container.querySelector('figcaption')?.textContent).toBe('The barrier at dusk. Photograph: Ruth Abara/Resonance')
    expect(screen.getByText('Photograph: Ruth Abara/Resonance')).toBeTruthy()
  })

  it('when the file cannot be played, says so and offers the download instead of a dead player', () => {
    render(<VideoPlayer src={src} type="video/mp4" title="Thames Barrier closes" caption="The barrier at dusk." />)
    fireEvent.error(player().querySelector('source')!)
    expect(screen.queryByLabelText('Video: Thames Barrier closes')).toBeNull()
    expect(screen.getByRole('alert').textContent).toContain('This video cannot be played in your browser.')
    expect(screen.getByRole('link', { name: 'Download the video (MP4)' }).getAttribute('href')).toBe(src)
    expect(screen.getByText('The barrier at dusk.')).toBeTruthy()
  })

  it('also when the video element itself reports the error', () => {
    render(<VideoPlayer src={src} type="video/mp4" title="Thames Barrier closes" />)
    fireEvent.error(player())
    expect(screen.getByRole('alert')).toBeTruthy()
  })
})
