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

  // A press that leaves a field is a click on whatever was pressed, once the pointer comes up; a
  // message appearing under the field in between would push the button down, and the browser would
  // drop the click. The island learns of a press only once live: one begun before must be handed over.
  const sendButton = () => screen.getByRole('button', { name: 'Send Message' })
  const press = (target: Element, type: 'pointerdown' | 'pointerup') => target.dispatchEvent(new PointerEvent(type, { bubbles: true, isPrimary: true }))

  async function pressEndsAndSends(): Promise<void> {
    // Still pressing: the address's message waits, so the button stays under the reader's finger.
    expect(problem('Email Address')).toBeNull()
    expect(field('Email Address').value).toBe('ada.example.com')
    // The press ends on the button, and its click sends the form, which the island checks.
    await act(async () => {
      press(sendButton(), 'pointerup')
      sendButton().click()
    })
    await act(async () => {})
    expect(problem('Email Address')).toBe('Please enter a valid email address.')
    expect(problem('Subject')).toBe('Please enter a subject.')
    expect(field('Full Name').value).toBe('Ada Lovelace')
    expect(document.activeElement).toBe(field('Email Address'))
  }

  it("holds a left field's message through a press begun while the islands' code was on its way, and the press sends the form", async () => {
    await serveDocument(<ContactForm />, () => {
      field('Full Name').focus()
      field('Full Name').value = 'Ada Lovelace'
      field('Email Address').focus()
      field('Email Address').value = 'ada.example.com'
      // The reader presses Send Message, which takes the focus from the address.
      press(sendButton(), 'pointerdown')
      sendButton().focus()
    })
    const marker = islandMarker('ContactForm')
    await hydrated(marker)
    await act(async () => {})
    await pressEndsAndSends()
  })

  it("holds a left field's message through a press begun while the island's own code was on its way, and the press sends the form", async () => {
    const marker = await startIslands()
    field('Full Name').value = 'Ada Lovelace'
    // The first use: the islands' entry is here, and asks for the island's code.
    field('Email Address').focus()
    expect('waking' in marker.dataset).toBe(true)
    expect('hydrated' in marker.dataset).toBe(false)
    field('Email Address').value = 'ada.example.com'
    press(sendButton(), 'pointerdown')
    sendButton().focus()
    await hydrated(marker)
    await act(async () => {})
    expect('waking' in marker.dataset).toBe(false)
    await pressEndsAndSends()
  })

  it('shows at once the message of a field left by a press that ended before it was live', async () => {
    const marker = await startIslands()
    field('Email Address').focus()
    field('Email Address').value = 'ada.example.com'
    press(field('Subject'), 'pointerdown')
    field('Subject').focus()
    press(field('Subject'), 'pointerup')
    await hydrated(marker)
    await act(async () => {})
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
