// The islands' client entry (docs/decisions/031-islands.md): the one module script of a document
// with islands. It finds each island's marker and, when the island asks for it (idle, visible or at
// first use), imports React DOM and the island's own module and hydrates the marker on its own.
// Nothing of React is imported before then, so it never sits on the first paint's path.

import type { ComponentType } from 'react'
import { importInTurn, nextTask, whenIdle } from './idle.ts'
import { earlyWitness, islandPrefix, islandTag, type EarlyWitness, type IslandDefer } from './prefix.ts'

type IslandModule = Record<string, { Component?: ComponentType<object> } | undefined>

// Each island file is its own chunk, imported only when its island hydrates.
const modules = import.meta.glob<IslandModule>('../**/*.island.tsx')

function moduleOf(name: string): (() => Promise<IslandModule>) | undefined {
  const path = Object.keys(modules).find((file) => file.endsWith(`/${name}.island.tsx`))
  return path ? modules[path] : undefined
}

type Control = HTMLInputElement | HTMLTextAreaElement

function isCheckable(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
}

/** A field the reader changed before the island woke (what the server sent is its default), and how. */
interface Change {
  control: Control
  value: string
  checked: boolean
}

function changesIn(marker: HTMLElement): Change[] {
  return Array.from(marker.querySelectorAll<Control>('input, textarea'))
    .filter((control) => (isCheckable(control) ? control.checked !== control.defaultChecked : control.value !== control.defaultValue))
    .map((control) => ({ control, value: control.value, checked: isCheckable(control) && control.checked }))
}

/**
 * Hands a change the reader made before the island woke to the island, as if made now. React keeps a
 * field's text when it hydrates but takes the server's value as its own, and it tells a change by the
 * last value it set (and sets its own again when it renders); so the field is set to the server's
 * value through the element (React notes it), then to the reader's past React (the prototype's
 * setter), and the event a reader's change fires is sent.
 */
function replay({ control, value, checked }: Change): void {
  if (isCheckable(control)) {
    control.checked = control.defaultChecked
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')!.set!.call(control, checked)
    control.dispatchEvent(new Event('click', { bubbles: true }))
    return
  }
  control.value = control.defaultValue
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')!.set!.call(control, value)
  control.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * What the reader did in an island before it woke, beyond typing (which stays in the fields): the
 * fields they left, a form they sent, and a press not yet over. A form sent before its island woke (a
 * click on its button is both the first use and the send) is held rather than posted by the browser,
 * and sent again once the island has hydrated, so it is checked and sent as the island does it.
 * Without JavaScript the browser posts it as always. A press begun before the island was live (its
 * pointer still down when it is) is handed over as it began: a form holds the message of a field the
 * press left until the press is over, or the message would push the button pressed down and the
 * browser would drop the click (useHeldWhilePressed); the island's own listeners come with its
 * effects, too late to have seen the press begin.
 */
interface Witness {
  /** The reader used the island before this entry came (the page's loader saw it): it wakes at once. */
  usedBefore: boolean
  /** In the commit of the island's hydration: stops watching and reads the fields the reader changed. */
  take(): void
  /** Once the island is live (its effects have run, outside React's work): hands it all of it. */
  replay(flushSync: (run: () => void) => void): void
  /** The island could not start: a form it held is posted by the browser, as without JavaScript. */
  release(): void
}

function witness(marker: HTMLElement): Witness {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null
  const left = new Set<Control>()
  let changes: Change[] = []
  const hold = (event: Event) => {
    event.preventDefault()
    held = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter }
  }
  const leave = (event: Event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) left.add(event.target)
  }
  marker.addEventListener('submit', hold)
  marker.addEventListener('focusout', leave)
  // What the page's loader saw before this entry came (it is added once the page has loaded and
  // painted): taken over here, as if seen here.
  const early = (marker as HTMLElement & { [earlyWitness]?: EarlyWitness })[earlyWitness]
  delete (marker as HTMLElement & { [earlyWitness]?: EarlyWitness })[earlyWitness]
  early?.stop()
  for (const target of early?.left ?? []) if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) left.add(target)
  if (early?.held) held = early.held
  // Anywhere on the page, as a press anywhere moves the focus, until the island is live.
  let pressed: EventTarget | null = early?.pressed() ?? null
  const press = (event: Event) => {
    pressed = event.target
  }
  const release = () => {
    pressed = null
  }
  window.addEventListener('pointerdown', press, true)
  window.addEventListener('pointerup', release, true)
  window.addEventListener('pointercancel', release, true)
  const stopPresses = () => {
    window.removeEventListener('pointerdown', press, true)
    window.removeEventListener('pointerup', release, true)
    window.removeEventListener('pointercancel', release, true)
  }
  const stop = () => {
    marker.removeEventListener('submit', hold)
    marker.removeEventListener('focusout', leave)
  }
  const send = ({ form, submitter }: NonNullable<typeof held>) => {
    if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) form.requestSubmit(submitter)
    else form.requestSubmit()
  }
  return {
    usedBefore: early?.used ?? false,
    take() {
      stop()
      // Now, before React renders the island's own state: that render puts the server's values back.
      changes = changesIn(marker)
    },
    /**
     * The changes, then a press still going on, then the fields left, then the form sent, each its
     * own event, each rendered by React before the next (`flushSync`), so each handler sees what the
     * one before did (the second box unticked sees the first one unticked).
     */
    replay(flushSync) {
      stopPresses()
      for (const change of changes) flushSync(() => replay(change))
      const target = pressed
      if (target instanceof Node && target.isConnected) {
        flushSync(() => target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, isPrimary: true, button: 0, buttons: 1 })))
      }
      for (const control of left) {
        if (control === document.activeElement) continue
        flushSync(() => control.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
      }
      if (held) send(held)
    },
    release() {
      stop()
      stopPresses()
      if (held) send(held)
    },
  }
}

/**
 * Hydrates the island on the marker with React. A form (an island woken by its first use) hydrates
 * at once, in one go with its effects, and what the reader did is handed to it straight after, in the
 * same task: so no key or press of the reader's can reach it in between. One that did (a Tab while
 * the island hydrated, which React takes by hydrating at once) found a field the island thought
 * empty, and the island judged it so and emptied it, losing what was typed. Other islands hydrate
 * as a transition, in slices, and take over what was done once their effects have run.
 */
async function hydrate(marker: HTMLElement, index: number, seen: Witness): Promise<void> {
  const name = marker.dataset.island ?? ''
  const load = moduleOf(name)
  if (!load) throw new Error(`No island is named ${name}`)
  // Its code is on its way: what the reader does from now until it is live is handed to it.
  marker.dataset.waking = ''
  // React DOM runs in a task of its own, then the island's module, then the hydration starts.
  const [{ hydrateRoot }, { flushSync }, { createElement, startTransition }, { Hydrated }, module] = await importInTurn([() => import('react-dom/client')], () =>
    Promise.all([import('react-dom/client'), import('react-dom'), import('react'), import('./hydrated.ts'), load()]),
  )
  await nextTask()
  const Component = module[name]?.Component
  if (!Component) throw new Error(`${name}.island.tsx exports no island named ${name}`)
  const props = JSON.parse(marker.dataset.props ?? '{}') as object
  let live = false
  let done = false
  const finish = () => {
    if (done) return
    done = true
    seen.replay(flushSync)
    delete marker.dataset.waking
    delete marker.dataset.hydrating
    marker.dataset.hydrated = ''
  }
  const onLive = () => {
    live = true
    // Called among React's effects: what follows runs once they are over.
    queueMicrotask(finish)
  }
  const root = createElement(Hydrated, { onCommit: seen.take, onLive }, createElement(Component, props))
  const start = () => {
    hydrateRoot(marker, root, { identifierPrefix: islandPrefix(name, index) })
  }
  marker.dataset.hydrating = ''
  if (marker.dataset.defer === 'interaction') {
    flushSync(start)
    if (live) finish()
    return
  }
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser run between
  // them (a default hydration is one task, however large the island): a reader's scroll or tap never
  // waits for a whole front page. A reader who uses the island meanwhile gets it hydrated at once.
  startTransition(start)
}

function whenVisible(marker: HTMLElement, run: () => void): void {
  if (typeof IntersectionObserver !== 'function') {
    whenIdle(run)
    return
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      run()
    },
    { rootMargin: '200px' },
  )
  // A marker is display: contents and has no box of its own; its children do.
  for (const child of Array.from(marker.children)) observer.observe(child)
}

const interactions = ['pointerdown', 'keydown', 'focusin', 'input', 'submit'] as const

function whenUsed(marker: HTMLElement, run: () => void): void {
  const start = () => {
    for (const type of interactions) marker.removeEventListener(type, start)
    run()
  }
  for (const type of interactions) marker.addEventListener(type, start, { passive: true })
}

function schedule(marker: HTMLElement, run: () => void, usedBefore: boolean): void {
  const defer = marker.dataset.defer as IslandDefer | undefined
  if (defer === 'visible') whenVisible(marker, run)
  else if (defer === 'interaction') {
    if (usedBefore) run()
    else whenUsed(marker, run)
  } else whenIdle(run)
}

document.querySelectorAll<HTMLElement>(islandTag).forEach((marker, index) => {
  const seen = witness(marker)
  schedule(
    marker,
    () => {
      // One island failing leaves the others, and its own server-rendered HTML, as they are.
      hydrate(marker, index, seen).catch((error: unknown) => {
        console.error(`The ${marker.dataset.island} island could not start`, error)
        delete marker.dataset.waking
        seen.release()
      })
    },
    seen.usedBefore,
  )
})
