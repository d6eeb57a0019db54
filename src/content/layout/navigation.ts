// The header's and footer's links, exactly as docs/product-spec.md §2 lists them.

export interface NavLink {
  label: string
  to: string
}

/**
 * When a header or footer link says it is the page shown (`aria-current="page"`, the underline):
 * only when the page on screen is the one it leads to. Another page of the same listing
 * (`/uk?page=2`) is still the UK section, so the query does not count; a path under it does not
 * match, so `/uk/extra/deep` (not found) marks nothing, and neither does an article. An article
 * could mark its section, but "current page" would then tell a screen-reader user that the UK link
 * leads to the page they are reading, when it leads away from it; the article's own section link
 * (its category label) already says where it belongs.
 */
export const currentPageOnly = { exact: true, includeSearch: false } as const

/** The same rule for a plain link (the header's top bar and menu, an island without the router): `pathname` is the page's. */
export function isCurrentPage(pathname: string, to: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return trimmed === to
}

export const mainSections: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'UK', to: '/uk' },
  { label: 'World', to: '/world' },
  { label: 'Comment', to: '/comment' },
  { label: 'Life & Style', to: '/life-style' },
  { label: 'Business & Money', to: '/business' },
  { label: 'Sport', to: '/sport' },
  { label: 'Culture', to: '/culture' },
  { label: 'Travel', to: '/travel' },
]

export const mediaLinks: NavLink[] = [
  { label: 'Videos', to: '/videos' },
  { label: 'Podcasts', to: '/podcasts' },
  { label: 'Music', to: '/music' },
]

export const utilityLinks: NavLink[] = [
  { label: 'Puzzles', to: '/puzzles' },
  { label: 'Magazines', to: '/magazines' },
  { label: 'Trending', to: '/trending' },
]

/** A topic's slug: the lowercased name with ' & ' and spaces turned into hyphens. */
export function topicSlug(name: string): string {
  return name.toLowerCase().replace(/ & /g, '-').replace(/\s+/g, '-')
}

export const topicNames = ['News & Politics', 'Film & Television', 'Sports', 'Pop Culture', 'Events'] as const

export const topics: NavLink[] = topicNames.map((label) => ({ label, to: `/topic/${topicSlug(label)}` }))

/** The top bar shows the first three topics. */
export const topBarTopics: NavLink[] = topics.slice(0, 3)

export const footerSections: NavLink[] = [
  { label: 'News', to: '/news' },
  { label: 'Features', to: '/features' },
  { label: 'Video Journal', to: '/video-journal' },
  { label: 'Photo Essays', to: '/photo-essays' },
  { label: 'Opinion', to: '/opinion' },
]

export const footerAbout: NavLink[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Subscribe', to: '/subscribe' },
  { label: 'Archive', to: '/archive' },
  { label: 'Corrections', to: '/corrections' },
]
