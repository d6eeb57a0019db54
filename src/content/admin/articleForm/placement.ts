// Where the article form says a story will appear once published: the homepage's sections by its
// flags (the homepage's own rules, src/content/homepage/rules.ts) and the listings by its
// categories, so an editor who sets no flag knows the story will not be on the homepage.

import { homepagePlaces, type HomepagePlace } from '../../homepage/rules.ts'
import type { ArticleFormValues } from './values.ts'

/** Each section as the homepage heads it. */
const sectionNames: Record<HomepagePlace, string> = {
  breaking: 'Breaking News',
  lead: 'the Lead Story',
  featured: 'Featured Stories',
  latest: 'Latest Updates',
  videos: 'Videos',
}

/** "a", "a and b", "a, b and c". */
function inWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

export const notOnHomepage = 'Not on the homepage: it will appear in its sections’ listings and search.'

/**
 * The two lines: the homepage, then the listings. `liveBlogEndedAt`: when the live coverage of the
 * article readers have ended, for a live blog that has (it is then never on the breaking banner).
 */
export function placementLines(
  values: Pick<ArticleFormValues, 'is_breaking_news' | 'is_lead_story' | 'is_featured' | 'is_latest_update' | 'media_type' | 'category_ids'>,
  categories: ReadonlyArray<{ id: string; name: string }>,
  liveBlogEndedAt: string | null = null,
): { homepage: string; listings: string } {
  const places = homepagePlaces({
    isBreakingNews: values.is_breaking_news,
    isLeadStory: values.is_lead_story,
    isFeatured: values.is_featured,
    isLatestUpdate: values.is_latest_update,
    mediaType: values.media_type,
    isLiveBlog: liveBlogEndedAt !== null,
    liveBlogEndedAt,
  })
  const homepage = places.length > 0 ? `On the homepage in ${inWords(places.map((place) => sectionNames[place]))}.` : notOnHomepage
  const names = values.category_ids.flatMap((id) => categories.find((category) => category.id === id)?.name ?? [])
  const listings = names.length > 0 ? `In the listings of ${inWords(names)}, and in search.` : 'In search; choose a category for its section’s listing.'
  return { homepage, listings }
}
