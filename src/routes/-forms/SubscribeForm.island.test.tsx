// The subscribe form as an island in a document: it keeps the boxes ticked and unticked before it woke.
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { subscriptionMessages } from '../../../shared/readerForms.ts'
import { hydrated, islandMarker, serveDocument } from '../../../tests/support/islands.tsx'
import { SubscribeForm } from './SubscribeForm.island.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the subscribe form island', () => {
  it('keeps a choice unticked before it woke, and checks a form sent before it woke', async () => {
    await serveDocument(<SubscribeForm initialEmail="reader@example.com" />)
    const marker = islandMarker('SubscribeForm')
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((box) => box.checked)).toEqual([true, true])
    // Unticked and sent while the island's code was on its way.
    for (const box of boxes) box.click()
    screen.getByRole<HTMLFormElement>('form', { name: 'Subscribe' }).requestSubmit()
    await hydrated(marker)
    await act(async () => {})
    expect(boxes.map((box) => box.checked)).toEqual([false, false])
    expect(screen.getByText(subscriptionMessages.newsletters)).toBeTruthy()
    expect(document.activeElement).toBe(boxes[0])
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('reader@example.com')
  })
})
