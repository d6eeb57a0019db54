// The contact form as an island in a document: rendered by the server with its prefix, then woken by
// the islands' client entry at its first use, keeping what the reader typed and sent before it woke.
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hydrated, islandMarker, serveDocument } from '../../../tests/support/islands.tsx'
import { ContactForm, type ContactFormStart } from './ContactForm.island.tsx'

async function startIslands(start: ContactFormStart = {}): Promise<HTMLElement> {
  await serveDocument(<ContactForm {...start} />)
  return islandMarker('ContactForm')
}

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement
}

/** The problem a field's aria-describedby points at, as a screen reader announces it. */
function problem(label: string): string | null {
  const id = field(label).getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the contact form island', () => {
  it('waits for its first use, then hydrates without a mismatch and checks fields as the reader leaves them', async () => {
    const errors = vi.spyOn(console, 'error')
    const marker = await startIslands()
    expect(marker.dataset.defer).toBe('interaction')
    await act(async () => {})
    expect('hydrated' in marker.dataset).toBe(false)

    field('Email Address').focus()
    await hydrated(marker)
    expect(errors).not.toHaveBeenCalled()
    field('Email Address').blur()
    await act(async () => {})
    expect(problem('Email Address')).toBe('Please enter your email address.')
    expect(field('Email Address').getAttribute('aria-invalid')).toBe('true')
  })

  it('keeps what was typed before it woke, and checks a form sent before it woke as it would have', async () => {
    const marker = await startIslands()
    // Typed and sent while the island's code was still on its way: the browser would have posted it.
    field('Full Name').value = 'Ada Lovelace'
    field('Email Address').value = 'ada.example.com'
    const form = screen.getByRole('form', { name: 'Send us a message' }) as HTMLFormElement
    const posted: boolean[] = []
    document.addEventListener('submit', (event) => posted.push(!event.defaultPrevented), { once: true })
    form.requestSubmit(screen.getByRole('button', { name: 'Send Message' }))
    expect(posted).toEqual([false])

    await hydrated(marker)
    await act(async () => {})
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
    expect(field('Full Name').value).toBe('Ada Lovelace')
    expect(problem('Full Name')).toBeNull()
    expect(problem('Subject')).toBe('Please enter a subject.')
    expect(problem('Message')).toBe('Please enter your message.')
    expect(document.activeElement).toBe(field('Email Address'))
  })

  it("holds a form sent before the islands' code came, and checks it once woken; says what is wrong with the fields left meanwhile", async () => {
    const form = () => screen.getByRole('form', { name: 'Send us a message' }) as HTMLFormElement
    const posted: boolean[] = []
    // The page's loader has not added the islands' entry yet (it does once the page has painted):
    // the reader types a name, leaves a bad address, and sends.
    await serveDocument(<ContactForm />, () => {
      field('Full Name').focus()
      field('Full Name').value = 'Ada Lovelace'
      field('Email Address').focus()
      field('Email Address').value = 'ada.example.com'
      field('Subject').focus()
      document.addEventListener('submit', (event) => posted.push(!event.defaultPrevented), { once: true })
      form().requestSubmit(screen.getByRole('button', { name: 'Send Message' }))
    })
    // Held, not posted: the island, woken at once by the entry, checks and sends it.
    expect(posted).toEqual([false])
    const marker = islandMarker('ContactForm')
    await hydrated(marker)
    await act(async () => {})
    expect(field('Full Name').value).toBe('Ada Lovelace')
    expect(field('Email Address').value).toBe('ada.example.com')
    expect(problem('Full Name')).toBeNull()
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
    expect(problem('Subject')).toBe('Please enter a subject.')
    expect(document.activeElement).toBe(field('Email Address'))
  })

  it('says what is wrong with a field the reader left before it woke', async () => {
    const marker = await startIslands()
    field('Email Address').focus()
    field('Email Address').value = 'tom@example'
    field('Subject').focus()
    await hydrated(marker)
    await act(async () => {})
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
    expect(problem('Full Name')).toBeNull()
    expect(document.activeElement).toBe(field('Subject'))
  })

  it('keeps what was typed when the reader leaves the field while React hydrates the island', async () => {
    const marker = await startIslands()
    field('Email Address').focus()
    field('Email Address').value = 'ada.example.com'
    // The reader's Tab comes once React has begun to hydrate, before it has done: React hydrates at
    // once to take the key, then the field is left, and the island learns of the typing only after.
    new MutationObserver((_, observer) => {
      observer.disconnect()
      field('Email Address').dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }))
      field('Subject').focus()
    }).observe(marker, { attributeFilter: ['data-hydrating'] })
    await hydrated(marker)
    await act(async () => {})
    expect(field('Email Address').value).toBe('ada.example.com')
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
    expect(document.activeElement).toBe(field('Subject'))
  })

  it("starts from the service's answer to a form it could not take", async () => {
    const marker = await startIslands({
      initialValues: { fullName: 'Ada Lovelace', email: 'ada@example', subject: 'A correction', message: 'The date is wrong.' },
      initialErrors: { email: 'Please enter a valid email address.' },
    })
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
    field('Email Address').focus()
    await hydrated(marker)
    expect(field('Subject').value).toBe('A correction')
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
  })
})
