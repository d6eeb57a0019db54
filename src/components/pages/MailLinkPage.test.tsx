import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { confirmView, contactSentView, subscriptionSentView, unsubscribeView } from '../../content/pages/readerMail.ts'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { MailLinkPage } from './MailLinkPage.tsx'

describe('MailLinkPage', () => {
  it('asks the reader to confirm with a button that posts the link\'s token, and changes nothing by itself', async () => {
    await renderWithRouter(<MailLinkPage view={confirmView({ token: 'abc.def' })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Confirm subscription' })
    const form = button.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/subscribe/confirm')
    expect((form.elements.namedItem('token') as HTMLInputElement).value).toBe('abc.def')
  })

  it('reports a confirmed subscription with no button', async () => {
    await renderWithRouter(<MailLinkPage view={confirmView({ status: 'confirmed' })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
  })

  it('says exactly which newsletters a confirmed subscriber will receive, and when', async () => {
    await renderWithRouter(<MailLinkPage view={confirmView({ status: 'confirmed', newsletters: 'morning-briefing,editors-edition' })} />)
    expect(screen.getByText(/^Thank you/).textContent).toBe(
      'Thank you: your subscription to Resonance is confirmed. You will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories) and From the Editors (whenever the editors send one). Every newsletter has a link to change what you receive or to unsubscribe.',
    )
  })

  it('announces a link that did not work and offers to sign up again', async () => {
    await renderWithRouter(<MailLinkPage view={confirmView({ status: 'expired' })} />)
    expect(screen.getByRole('alert').textContent).toMatch(/^This confirmation link has expired\./)
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe')
  })

  it('treats a missing or absurd token as an incomplete link', async () => {
    await renderWithRouter(<MailLinkPage view={unsubscribeView({ token: 'x'.repeat(600) })} />)
    expect(screen.getByRole('alert').textContent).toMatch(/incomplete/)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers to unsubscribe, then says it is done', async () => {
    const { unmount } = await renderWithRouter(<MailLinkPage view={unsubscribeView({ token: 'abc.def' })} />)
    expect(screen.getByRole('button', { name: 'Unsubscribe' }).closest('form')!.getAttribute('action')).toBe('/unsubscribe')
    unmount()
    await renderWithRouter(<MailLinkPage view={unsubscribeView({ status: 'done' })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeTruthy()
  })

  it('says after a sign-up whether the email went out or is only kept', async () => {
    const { unmount } = await renderWithRouter(<MailLinkPage view={subscriptionSentView('sent')} />)
    expect(screen.getByText(/^Thank you\. We have sent a confirmation\. Open the link in it/)).toBeTruthy()
    unmount()
    await renderWithRouter(<MailLinkPage view={subscriptionSentView('held')} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-up saved' })).toBeTruthy()
    expect(screen.getByText(/this site is not sending email yet, so no confirmation has been sent/)).toBeTruthy()
  })

  it('thanks the reader for a message', async () => {
    await renderWithRouter(<MailLinkPage view={contactSentView} />)
    expect(screen.getByText(/^Thank you\. Your message has been received\./)).toBeTruthy()
  })
})
