import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ImageField, type ImageFieldProps } from './ImageField.tsx'

const assetRef = 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg'

function props(overrides: Partial<ImageFieldProps> = {}): ImageFieldProps {
  return { id: 'main', label: 'Main image', value: null, progress: null, uploadError: null, error: null, onFile: vi.fn(), onAltChange: vi.fn(), onRemove: vi.fn(), ...overrides }
}

describe('ImageField', () => {
  it('offers to choose an image when there is none, and hands the file on', async () => {
    const onFile = vi.fn()
    render(<ImageField {...props({ onFile })} />)
    expect(screen.getByRole('group', { name: 'Main image' })).toBeTruthy()
    const file = new File(['x'], 'bus.jpg', { type: 'image/jpeg' })
    await userEvent.upload(screen.getByLabelText('Choose an image'), file)
    expect(onFile).toHaveBeenCalledWith(file)
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('shows the image from the content service with its alt text, to edit, replace or remove', async () => {
    const onAltChange = vi.fn()
    const onRemove = vi.fn()
    render(<ImageField {...props({ value: { assetRef, alt: 'A night bus' }, onAltChange, onRemove })} />)
    const img = screen.getByRole('img', { name: 'A night bus' })
    expect(img.getAttribute('src')).toContain('0123456789abcdef0123456789abcdef01234567-1600x900.jpg')
    await userEvent.type(screen.getByRole('textbox', { name: 'Alt text' }), '!')
    expect(onAltChange).toHaveBeenCalledWith('A night bus!')
    expect(screen.getByLabelText('Replace image')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(onRemove).toHaveBeenCalled()
  })

  it('asks for the picture’s credit when the form keeps one, and hands each change on', async () => {
    const onCreditChange = vi.fn()
    render(<ImageField {...props({ value: { assetRef, alt: 'A night bus', credit: 'Ruth Abara' }, onCreditChange })} />)
    const credit = screen.getByRole('textbox', { name: 'Credit' })
    expect((credit as HTMLInputElement).value).toBe('Ruth Abara')
    expect(document.getElementById(credit.getAttribute('aria-describedby')!)?.textContent).toMatch(/after “Photograph:”/)
    await userEvent.type(credit, '/')
    expect(onCreditChange).toHaveBeenLastCalledWith('Ruth Abara/')
  })

  it('asks for no credit where the form keeps none', () => {
    render(<ImageField {...props({ value: { assetRef, alt: 'A night bus' } })} />)
    expect(screen.queryByRole('textbox', { name: 'Credit' })).toBeNull()
  })

  it('shows the upload’s progress and locks the field meanwhile', () => {
    render(<ImageField {...props({ progress: 37.4 })} />)
    expect(screen.getByRole('status').textContent).toBe('Uploading… 37%')
    expect((screen.getByRole('progressbar', { name: 'Main image upload progress' }) as HTMLProgressElement).value).toBeCloseTo(37.4)
    expect((screen.getByLabelText('Choose an image') as HTMLInputElement).disabled).toBe(true)
  })

  it('says why an upload failed, and marks missing alt text', () => {
    render(<ImageField {...props({ value: { assetRef, alt: '' }, uploadError: 'The image could not be uploaded: too large', error: 'Describe the main image for readers who cannot see it.' })} />)
    expect(screen.getByRole('alert').textContent).toBe('The image could not be uploaded: too large')
    const alt = screen.getByRole('textbox', { name: 'Alt text' })
    expect(alt.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(alt.getAttribute('aria-describedby')!)?.textContent).toBe('Describe the main image for readers who cannot see it.')
  })
})
