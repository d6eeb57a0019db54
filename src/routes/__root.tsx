import { createRootRouteWithContext, HeadContent, Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { NotFound } from '../components/layout/NotFound.tsx'
import { PrintAddress } from '../components/layout/PrintAddress.tsx'
import { SiteFooter } from '../components/layout/SiteFooter.tsx'
import { SiteHeader } from '../components/layout/SiteHeader.tsx'
import type { RouterContext } from '../content/clients/source.ts'
import { paperFeedLink } from '../content/layout/feeds.ts'
import { ClockProvider, useNow } from './-clock.tsx'
import { searchLocation } from './-search.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Pages override the title and description with their own `head`; these are the fallbacks. The
  // paper's feed is linked from every page.
  head: () => ({
    links: [paperFeedLink],
    meta: [
      { title: 'Resonance | London Edition' },
      { name: 'description', content: 'Resonance: news, comment and culture from London and the world. Informative, accurate, global.' },
    ],
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
})

function focusMain() {
  document.getElementById('main')?.focus()
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Focus moves by script so the router does not treat the fragment as a navigation.
  event.preventDefault()
  focusMain()
}

function RootLayout() {
  // The admin area has its own frame; the newspaper's header and footer are for readers.
  const inAdmin = useRouterState({ select: (s) => s.location.pathname === '/admin' || s.location.pathname.startsWith('/admin/') })
  if (inAdmin) {
    return (
      <>
        <HeadContent />
        <Outlet />
      </>
    )
  }
  return <ReaderLayout />
}

function ReaderLayout() {
  const navigate = useNavigate()
  const { renderedAt, origin } = Route.useRouteContext()
  const href = useRouterState({ select: (s) => s.location.href })

  async function search(text: string) {
    await navigate(searchLocation(text))
    // The search box closes with the search; the reader continues at the results.
    focusMain()
  }

  return (
    <ClockProvider startedAt={renderedAt}>
      {/* In a single-page app React 19 hoists the title and meta tags this renders into <head>. */}
      <HeadContent />
      <a className="skip-link" href="#main" onClick={skipToContent}>
        Skip to content
      </a>
      <SiteHeaderWithClock onSearch={(text) => void search(text)} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* Paper has no address bar: a printed page says where it is read online. */}
      <PrintAddress origin={origin} path={href} />
      <SiteFooter />
    </ClockProvider>
  )
}

/** The header shows the day on the shared clock, so it turns over at midnight with the rest. */
function SiteHeaderWithClock({ onSearch }: { onSearch: (text: string) => void }) {
  return <SiteHeader date={useNow()} onSearch={onSearch} />
}
