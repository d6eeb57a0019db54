import { authorPath } from '../../../shared/paths.ts'
import { bylineAuthor } from '../../content/article/byline.ts'
import './BylineAuthor.css'

export interface BylineAuthorProps {
  /** The story's author; `slug` is where their page lives. */
  author?: { name?: string | null; slug?: string | null } | null
  /** The class of the name, link or not (the article page sets it in bold). */
  nameClassName?: string
}

/**
 * A byline's words: 'By {name}' with the name linking to the author's page, or 'Staff' when the
 * story has no author, which links nowhere (the rule is bylineAuthor's). An author whose slug could
 * not be a page's address (hosted data may lack one) is named without a link. Text only, so each
 * card keeps its own element and styles around it.
 */
export function BylineAuthor({ author, nameClassName }: BylineAuthorProps) {
  const byline = bylineAuthor(author)
  if (!byline) return <span className={nameClassName}>Staff</span>
  const { name, slug } = byline
  return (
    <>
      By{' '}
      {slug ? (
        // A plain link, as in every story card: the homepage's live feed is an island without the router.
        <a href={authorPath(slug)} className={nameClassName ? `byline-author ${nameClassName}` : 'byline-author'}>
          {name}
        </a>
      ) : nameClassName ? (
        <span className={nameClassName}>{name}</span>
      ) : (
        name
      )}
    </>
  )
}
