import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { VideoField, type VideoFieldProps } from './VideoField.tsx'

const sha1 = '0123456789abcdef0123456789abcdef01234567'
const value = { assetRef: `file-${sha1}-mp4`, src: `/files/resonance/production/${sha1}.mp4`, filename: 'barrier.mp4' }

function props(overrides: Partial<VideoFieldProps> = {}): VideoFieldProps {
  return { id: 'video', label: 'Video', value: null, progress: null, uploadError: null, error: null, onFile: vi.fn(), onRemove: vi.fn(), ...overrides }
}

describe('VideoField', () => {
  it('offers to choose an MP4 or WebM file when there is none, and hands it on', async () => {
    const onFile = vi.fn()
    render(<VideoField {...props({ onFile })} />)
    expect(screen.getByRole('group', { name: 'Video' })).toBeTruthy()
    const input = screen.getByLabelText('Choose a video') as HTMLInputElement
    expect(input.accept).toBe('video/mp4,video/webm')
    const file = new File(['x'], 'barrier.mp4', { type: 'video/mp4' })
    await userEvent.upload(input, file)
    expect(onFile).toHaveBeenCalledWith(file)
  })

  it('plays the uploaded video back, names it, and can replace or remove it', async () => {
    const onRemove = vi.fn()
    render(<VideoField {...props({ value, onRemove })} />)
    const video = screen.getByLabelText('Video: barrier.mp4') as HTMLVideoElement
    expect(video.getAttribute('src')).toBe(value.src)
    expect(video.controls).toBe(true)
    expect(screen.getByLabelText('Replace video')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Remove video' }))
    expect(onRemove).toHaveBeenCalled()
  })

  it('shows the upload’s progress and locks the field meanwhile', () => {
    render(<VideoField {...props({ value, progress: 41.6 })} />)
    expect(screen.getByRole('status').textContent).toBe('Uploading… 42%')
    expect((screen.getByLabelText('Replace video') as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Remove video' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('says why an upload failed, and that a video article needs its video', () => {
    render(<VideoField {...props({ uploadError: 'The video could not be uploaded: not a video', error: 'Upload the video for a video article.' })} />)
    expect(screen.getByRole('alert').textContent).toBe('The video could not be uploaded: not a video')
    const input = screen.getByLabelText('Choose a video')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('group', { name: 'Video' }).getAttribute('aria-describedby')).toBe('video-error')
    expect(screen.getByText('Upload the video for a video article.')).toBeTruthy()
  })
})
