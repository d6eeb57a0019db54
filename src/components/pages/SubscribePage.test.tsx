import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SubscribeForm } from './SubscribeForm.tsx'
import { SubscribePage } from './SubscribePage.tsx'

describe('SubscribePage', () => {
  it('has one h1, the newsletters the paper sends, free, and the email form, with no price anywhere', () => {
    const { container } = render(<SubscribePage form={<SubscribeForm onSubscribe={async () => ({ ok: true, delivery: 'sent' })} />} />)
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Subscribe to Resonance'])
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-labelledby') && document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'The Morning Briefing',
      'From the Editors',
    ])
    expect(container.textContent).not.toMatch(/£|plan|print|receipt|VAT/i)
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('')
  })

  it('fills in the address it is given', () => {
    render(<SubscribePage form={<SubscribeForm onSubscribe={async () => ({ ok: true, delivery: 'sent' })} initialEmail="reader@example.com" />} />)
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('reader@example.com')
  })
})
