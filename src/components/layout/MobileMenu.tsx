import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import { currentPageOnly, mainSections, topics, type NavLink } from '../../content/layout/navigation.ts'
import './MobileMenu.css'

export interface MobileMenuProps {
  /** The menu toggle's `aria-controls` points here. */
  id: string
  open: boolean
  /** Where focus can be sent when the menu opens. */
  menuRef?: Ref<HTMLElement>
}

function LinkList({ links }: { links: NavLink[] }) {
  return (
    <ul className="mobile-menu__list">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="mobile-menu__link" activeOptions={currentPageOnly}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The small-screen menu: every main section and every topic, in two titled lists. */
export function MobileMenu({ id, open, menuRef }: MobileMenuProps) {
  return (
    <nav id={id} ref={menuRef} className="mobile-menu" aria-label="Menu" hidden={!open}>
      <div className="mobile-menu__group">
        <h2 className="mobile-menu__heading">Main Sections</h2>
        <LinkList links={mainSections} />
      </div>
      <div className="mobile-menu__group">
        <h2 className="mobile-menu__heading">Topics</h2>
        <LinkList links={topics} />
      </div>
    </nav>
  )
}
