import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { browserSource, readPageData } from './content/clients/browserSource.ts'
import { interactiveMark, pageDataElementId } from '../shared/pageData.ts'
import { siteOrigin } from './content/meta/site.ts'
import { createAppRouter, settleDeferred } from './router.ts'
import './styles.css'

/**
 * Marks the moment the first render is committed and the page responds to the reader (its effects,
 * which run before this one, have started). `npm run bench` counts the JavaScript loaded before it.
 */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (performance.getEntriesByName(interactiveMark).length === 0) performance.mark(interactiveMark)
  }, [])
  return children
}

// A page the content service rendered comes with the data it used; the first render must match
// that HTML, so it waits for the route (and its data, from the page) before hydrating it.
const pageData = readPageData(document, pageDataElementId)
// The head's absolute addresses use the base the server rendered with (PUBLIC_URL when set), so the
// head stays the one the server sent; a page the browser renders alone uses its own origin.
const router = createAppRouter({
  content: browserSource(pageData),
  renderedAt: pageData ? new Date(pageData.renderedAt) : new Date(),
  origin: pageData?.origin ?? siteOrigin(window.location.origin),
  submission: pageData?.submission ?? null,
})
const container = document.getElementById('root')!
const app = (
  <StrictMode>
    <Interactive>
      <RouterProvider router={router} />
    </Interactive>
  </StrictMode>
)

async function start() {
  if (pageData && container.firstElementChild) {
    await router.load()
    await settleDeferred(router)
    // Tells the router the page came from the server: it renders without the Suspense wrapper the
    // server did not write, and does not load the route a second time.
    router.ssr = { manifest: undefined }
    hydrateRoot(container, app)
  } else {
    createRoot(container).render(app)
  }
}

// Not a top-level await: route chunks import this module's chunk, and would wait for it forever.
void start()
