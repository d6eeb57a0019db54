import type { Ref } from 'react'
import { isCurrentPage, mainSections, topics, type NavLink } from '../../content/layout/navigation.ts'
import './MobileMenu.css'

/**
 * A header link as a plain link (the top bar and the menu are an island, hydrated without the
 * router), marked as the page shown by the router's own rule and in its markup.
 */
export function NavAnchor({ link, className, pathname }: { link: NavLink; className: string; pathname: string }) {
  const current = isCurrentPage(pathname, link.to)
  return (
    <a href={link.to} className={current ? `${className} active` : className} data-status={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
      {link.label}
    </a>
  )
}

export interface MobileMenuProps {
  /** The menu toggle's `aria-controls` points here. */
  id: string
  open: boolean
  /** The page's path, whose link is marked as the page shown. */
  pathname: string
  /** Where focus can be sent when the menu opens. */
  menuRef?: Ref<HTMLElement>
}

function LinkList({ links, pathname }: { links: NavLink[]; pathname: string }) {
  return (
    <ul className="mobile-menu__list">
      {links.map((link) => (
        <li key={link.to}>
          <NavAnchor link={link} className="mobile-menu__link" pathname={pathname} />
        </li>
      ))}
    </ul>
  )
}

/** The small-screen menu: every main section and every topic, in two titled lists. */
export function MobileMenu({ id, open, pathname, menuRef }: MobileMenuProps) {
  return (
    <nav id={id} ref={menuRef} className="mobile-menu" aria-label="Menu" hidden={!open}>
      <div className="mobile-menu__group">
        <h2 className="mobile-menu__heading">Main Sections</h2>
        <LinkList links={mainSections} pathname={pathname} />
      </div>
      <div className="mobile-menu__group">
        <h2 className="mobile-menu__heading">Topics</h2>
        <LinkList links={topics} pathname={pathname} />
      </div>
    </nav>
  )
}
