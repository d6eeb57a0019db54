import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { topBarTopics, utilityLinks, type NavLink } from '../../content/layout/navigation.ts'
import { MobileMenu, NavAnchor } from './MobileMenu.tsx'
import { SearchPanel } from '../search/SearchPanel.tsx'

export interface HeaderTopProps {
  /** The page's path, whose link is marked as the page shown. */
  pathname: string
  /** The page's address (path and query): a panel opened on one page is closed on the next. */
  href: string
  /** Runs a search in the app; without it the search form submits to /search as a plain HTML form. */
  onSearch?: (text: string) => void
  /**
   * Shows the toggles as a reader without JavaScript gets them (menu and search as <details>) even
   * where they are hydrated, for stories and tests.
   */
  plainHtml?: boolean
}

type Panel = 'search' | 'menu'

const searchPanelId = 'site-search'
const menuPanelId = 'site-menu'

function LinkItems({ links, className, pathname }: { links: NavLink[]; className: string; pathname: string }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavAnchor link={link} className={className} pathname={pathname} />
    </li>
  ))
}

function SearchIcon() {
  return (
    <svg className="page-header__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className="page-header__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </svg>
  )
}

const noSubscription = () => () => {}

/**
 * Whether the app runs this header: false on the server and in the browser's first (hydrating)
 * render, so both write the same plain HTML, then true. A pure browser render is true at once.
 */
function useAppRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** The two <details> share a name, so the browser keeps at most one of them open, as the app's toggles do. */
const plainPanelsName = 'site-header-panel'

/**
 * The search and menu toggles as plain HTML, for a reader without JavaScript, on a document (docs/
 * decisions/031-islands.md) and until the app runs: each is a <details> whose panel opens under the
 * top bar, the search a GET form to /search. On a document, the page's own small script
 * (src/islands/headerPanels.ts) closes an open one on Escape and puts the search's cursor in its field.
 */
function PlainToggles({ pathname }: { pathname: string }) {
  return (
    <>
      <details className="page-header__disclosure page-header__disclosure--search" name={plainPanelsName}>
        <summary className="page-header__toggle page-header__toggle--search">
          <SearchIcon />
          <span className="page-header__toggle-text">Search</span>
        </summary>
        <div className="page-header__search page-header__drop">
          <SearchPanel label="Site search" />
        </div>
      </details>
      <details className="page-header__disclosure page-header__disclosure--menu" name={plainPanelsName}>
        <summary className="page-header__toggle page-header__toggle--menu">
          <MenuIcon open={false} />
          <span>Menu</span>
        </summary>
        <div className="page-header__drop">
          <MobileMenu id={menuPanelId} open pathname={pathname} />
        </div>
      </details>
    </>
  )
}

/**
 * The header's top bar (the first three topics, the utility links, the search and menu toggles), the
 * search panel and the small-screen menu.
 *
 * Without JavaScript, and on a document, the toggles are <details> (PlainToggles), so the menu and
 * the search work as plain HTML; where the app runs (a page it takes over) they become buttons with
 * their panels as bands under the top bar, closed by Escape and by following a link. It takes its
 * path and address as props rather than from the router, so stories and tests need none.
 */
export function HeaderTop({ pathname, href, onSearch, plainHtml = false }: HeaderTopProps) {
  const appRunning = useAppRunning() && !plainHtml
  const [opened, setOpened] = useState<{ panel: Panel; at: string } | null>(null)
  // A panel belongs to the page it was opened on, so following a link from it closes it.
  const panel = opened !== null && opened.at === href ? opened.panel : null
  const searchToggle = useRef<HTMLButtonElement>(null)
  const menuToggle = useRef<HTMLButtonElement>(null)
  const searchInput = useRef<HTMLInputElement>(null)

  function toggle(which: Panel) {
    setOpened(panel === which ? null : { panel: which, at: href })
  }

  useEffect(() => {
    if (panel === 'search') searchInput.current?.focus()
  }, [panel])

  useEffect(() => {
    if (panel === null) return
    const toggleButton = panel === 'search' ? searchToggle : menuToggle
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpened(null)
      toggleButton.current?.focus()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [panel])

  const search = onSearch
    ? (text: string) => {
        // Searching again for the same text keeps the address, so close the panel explicitly.
        setOpened(null)
        onSearch(text)
      }
    : undefined

  return (
    <>
      <div className="page-header__top">
        <div className="page-header__top-inner">
          <nav className="page-header__topics" aria-label="Top topics">
            <ul className="page-header__inline-list">
              <LinkItems links={topBarTopics} className="page-header__top-link" pathname={pathname} />
            </ul>
          </nav>
          <div className="page-header__tools">
            <nav className="page-header__utility" aria-label="More from Resonance">
              <ul className="page-header__inline-list">
                <LinkItems links={utilityLinks} className="page-header__top-link" pathname={pathname} />
              </ul>
            </nav>
            {appRunning ? (
              <>
                <button
                  ref={searchToggle}
                  type="button"
                  className="page-header__toggle page-header__toggle--search"
                  aria-expanded={panel === 'search'}
                  aria-controls={searchPanelId}
                  // The name starts with the visible word, as speech control expects.
                  aria-label="Search Resonance"
                  onClick={() => toggle('search')}
                >
                  <SearchIcon />
                  <span className="page-header__toggle-text">Search</span>
                </button>
                <button
                  ref={menuToggle}
                  type="button"
                  className="page-header__toggle page-header__toggle--menu"
                  aria-expanded={panel === 'menu'}
                  aria-controls={menuPanelId}
                  onClick={() => toggle('menu')}
                >
                  <MenuIcon open={panel === 'menu'} />
                  <span>Menu</span>
                </button>
              </>
            ) : (
              <PlainToggles pathname={pathname} />
            )}
          </div>
        </div>
      </div>

      {appRunning && (
        <>
          <div id={searchPanelId} className="page-header__search" hidden={panel !== 'search'}>
            <SearchPanel label="Site search" inputRef={searchInput} onSearch={search} />
          </div>
          <MobileMenu id={menuPanelId} open={panel === 'menu'} pathname={pathname} />
        </>
      )}
    </>
  )
}
