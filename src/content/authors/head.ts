// An author's page head: their profile card and their own feed. A module of its own so the route
// imports it when the head is written, not in the reader's first download (decision 018).

import { authorPath } from '../../../shared/paths.ts'
import { headWithoutContent, type ListingMatch } from '../listings/head.ts'
import { profileHead, type Head } from '../meta/cards.ts'
import { authorDescription, authorFeedLink, authorName, type AuthorListing } from './authors.ts'

export function authorHead(origin: string, author: AuthorListing | undefined, match: ListingMatch): Head {
  if (!author) return headWithoutContent(match.status)
  const person = { name: authorName(author), description: authorDescription(author), path: authorPath(author.slug), image: author.image }
  const head = profileHead(origin, person, match.loaderDeps.page)
  // Beside the paper's feed, which the root links from every page.
  return { ...head, links: [...(head.links ?? []), authorFeedLink(author)] }
}
