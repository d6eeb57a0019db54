import { Link } from '@tanstack/react-router'
import { currentPageOnly, mainSections } from '../../content/layout/navigation.ts'
import './NotFound.css'

// A few sections a lost reader is likely to want, straight from the header's list.
const suggestions = mainSections
  .filter((section) => ['/uk', '/world', '/business', '/sport', '/culture'].includes(section.to))
  .map((section) => ({ label: section.label, slug: section.to.slice(1) }))

export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        <span className="visually-hidden">404: </span>Oops! Page not found
      </h1>
      <p className="not-found__text">The page may have moved, or the address may have been mistyped.</p>
      <Link to="/" className="not-found__home">
        Return to Home
      </Link>
      <nav className="not-found__suggestions" aria-labelledby="not-found-suggestions">
        <h2 id="not-found-suggestions" className="not-found__suggestions-title">
          Or try one of our sections
        </h2>
        <ul>
          {suggestions.map((section) => (
            <li key={section.slug}>
              <Link to="/$section" params={{ section: section.slug }} activeOptions={currentPageOnly}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}
