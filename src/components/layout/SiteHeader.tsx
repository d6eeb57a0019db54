import { Link, useLocation } from '@tanstack/react-router'
import { currentPageOnly, mainSections, mediaLinks } from '../../content/layout/navigation.ts'
import { HeaderTop } from './HeaderTop.tsx'
import { Masthead } from './Masthead.tsx'
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

/**
 * The header on every page: the top bar with the search and menu (HeaderTop), the masthead and
 * the section navigation.
 */
export function SiteHeader({ date, onSearch, plainHtml = false }: SiteHeaderProps) {
  const location = useLocation({ select: (current) => ({ pathname: current.pathname, href: current.href }) })
  return (
    <header className="page-header">
      <HeaderTop pathname={location.pathname} href={location.href} onSearch={onSearch} plainHtml={plainHtml} />
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
            {mediaLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="page-header__section" activeOptions={currentPageOnly}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  )
}
