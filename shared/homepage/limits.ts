// The homepage's numbers (docs/product-spec.md §9), apart from the rules and the query so both
// read them from here: the rules in shared/homepage/rules.ts and the bounded GROQ in
// shared/homepage/query.ts must never disagree on a size.

import { trendingMinimumReads } from '../trending.ts'

/** How many stories each homepage section shows. */
export const limits = {
  /** One breaking story and one lead: the query asks for a single card (`[0]`), not a list. */
  breaking: 1,
  lead: 1,
  featured: 3,
  latest: 5,
  videos: 4,
  trending: 5,
  /** A live blog in the breaking, lead or featured slot shows its newest updates under its headline. */
  liveUpdates: 3,
  trendingMinimumReads,
} as const
