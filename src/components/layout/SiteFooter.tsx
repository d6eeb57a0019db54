import { Link } from '@tanstack/react-router'
import { currentPageOnly, footerAbout, footerSections, type NavLink } from '../../content/layout/navigation.ts'
import './SiteFooter.css'

function FooterLinks({ title, links }: { title: string; links: NavLink[] }) {
  const headingId = `page-footer-${title.toLowerCase()}`
  return (
    <nav className="page-footer__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-footer__heading">
        {title}
      </h2>
      <ul className="page-footer__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="page-footer__link" activeOptions={currentPageOnly}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The footer on every page: the paper's name, its sections, the about links and the copyright. */
export function SiteFooter() {
  return (
    <footer className="page-footer">
      <div className="page-footer__inner">
        <div className="page-footer__brand">
          <p className="page-footer__name">Resonance</p>
          <p className="page-footer__tagline">Where truth finds its voice. Independent news from London and the world.</p>
        </div>
        <FooterLinks title="Sections" links={footerSections} />
        <FooterLinks title="About" links={footerAbout} />
      </div>
      <p className="page-footer__copyright">© 2025 Resonance. All rights reserved.</p>
    </footer>
  )
}
