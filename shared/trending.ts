// When an article is trending. The homepage, the trending listing and the section manager count it
// above this many reads; the demo newspaper writes read counts on either side of it, and one exactly
// on it, so the boundary is always on show.

/** More reads than this makes an article trending. */
export const trendingMinimumReads = 100
