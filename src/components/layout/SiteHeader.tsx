import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { currentPageOnly, mainSections, mediaLinks, topBarTopics, utilityLinks, type NavLink } from '../../content/layout/navigation.ts'
import { Masthead } from './Masthead.tsx'
import { MobileMenu } from './MobileMenu.tsx'
import { SearchPanel } from '../search/SearchPanel.tsx'
import './SiteHeader.css'

export interface SiteHeaderProps {
  /** The edition's date, shown in the masthead. */
  date: Date
  /** Runs a search in the app; without it the search form submits to /search as a plain HTML form. */
  onSearch?: (text: string) => void
  /**
   * Shows the header as a reader without JavaScript gets it (menu and search as <details>) even
   * where the app runs, for its stories and tests. Otherwise the header decides for itself.
   */
  plainHtml?: boolean
}

type Panel = 'search' | 'menu'

const searchPanelId = 'site-search'
const menuPanelId = 'site-menu'

function LinkItems({ links, className }: { links: NavLink[]; className: string }) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className={className} activeOptions={currentPageOnly}>
        {link.label}
      </Link>
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

/**
 * The search and menu toggles as plain HTML, for a reader without JavaScript (and until the app
 * runs): each is a <details> whose panel opens under the top bar, the search a GET form to /search.
 */
function PlainToggles() {
  return (
    <>
      <details className="page-header__disclosure page-header__disclosure--search">
        <summary className="page-header__toggle page-header__toggle--search">
          <SearchIcon />
          <span className="page-header__toggle-text">Search</span>
        </summary>
        <div className="page-header__search page-header__drop">
          <SearchPanel label="Site search" />
        </div>
      </details>
      <details className="page-header__disclosure page-header__disclosure--menu">
        <summary className="page-header__toggle page-header__toggle--menu">
          <MenuIcon open={false} />
          <span>Menu</span>
        </summary>
        <div className="page-header__drop">
          <MobileMenu id={menuPanelId} open />
        </div>
      </details>
    </>
  )
}

/**
 * The header on every page: the top bar (first three topics, utility links, search and menu
 * toggles), the search panel, the small-screen menu, the masthead and the section navigation.
 *
 * Without JavaScript the toggles are <details> (PlainToggles), so the menu and the search work as
 * plain HTML; once the app runs they become buttons with their panels as bands under the top bar,
 * closed by Escape and by following a link.
 */
export function SiteHeader({ date, onSearch, plainHtml = false }: SiteHeaderProps) {
  const appRunning = useAppRunning() && !plainHtml
  const href = useLocation({ select: (location) => location.href })
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
    <header className="page-header">
      <div className="page-header__top">
        <div className="page-header__top-inner">
          <nav className="page-header__topics" aria-label="Top topics">
            <ul className="page-header__inline-list">
              <LinkItems links={topBarTopics} className="page-header__top-link" />
            </ul>
          </nav>
          <div className="page-header__tools">
            <nav className="page-header__utility" aria-label="More from Resonance">
              <ul className="page-header__inline-list">
                <LinkItems links={utilityLinks} className="page-header__top-link" />
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
              <PlainToggles />
            )}
          </div>
        </div>
      </div>

      {appRunning && (
        <>
          <div id={searchPanelId} className="page-header__search" hidden={panel !== 'search'}>
            <SearchPanel label="Site search" inputRef={searchInput} onSearch={search} />
          </div>
          <MobileMenu id={menuPanelId} open={panel === 'menu'} />
        </>
      )}

      <div className="page-header__masthead">
        <Masthead date={date} />
      </div>

      <div className="page-header__sections">
        <nav className="page-header__main-nav" aria-label="Main sections">
          <ul className="page-header__inline-list">
            {mainSections.map((link, index) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={index === 0 ? 'page-header__section page-header__section--featured' : 'page-header__section'}
                  activeOptions={currentPageOnly}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="page-header__media" aria-label="Media">
          <ul className="page-header__inline-list">
            <LinkItems links={mediaLinks} className="page-header__section" />
          </ul>
        </nav>
      </div>
    </header>
  )
}
