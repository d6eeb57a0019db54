// The header's search and menu on a document (docs/decisions/031-islands.md): two <details> that
// work without JavaScript (src/components/layout/HeaderTop.tsx). A few lines, no framework, give them
// what the app's toggles do for a keyboard: Escape closes the open one and returns focus to its
// summary, and opening the search puts the cursor in its field.

const panels = 'details.page-header__disclosure'

export function enhanceHeaderPanels(page: Document): void {
  page.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    const open = page.querySelector<HTMLDetailsElement>(`${panels}[open]`)
    if (!open) return
    open.open = false
    open.querySelector('summary')?.focus()
  })
  // A details' toggle event does not bubble: it is heard on its way down.
  page.addEventListener(
    'toggle',
    (event) => {
      const details = event.target
      if (!(details instanceof HTMLDetailsElement) || !details.open || !details.matches(`${panels}--search`)) return
      details.querySelector('input')?.focus()
    },
    true,
  )
}
