import { Link } from '@tanstack/react-router'
import { sectionTitles, sectionTypes } from '../../content/admin/addresses.ts'

/** A link to every section manager, in the homepage's order: the dashboard's and the invalid-section page's way in. */
export function SectionLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {sectionTypes.map((type) => (
        <li key={type}>
          <Link to="/admin/content/$sectionType" params={{ sectionType: type }}>
            {sectionTitles[type]}
          </Link>
        </li>
      ))}
    </ul>
  )
}
