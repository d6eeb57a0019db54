// When an article is trending. The homepage, the trending listing and the section manager count it
// above this many reads in the last 24 hours (`readsLastDay`, counted by server/audience/).

/** More reads than this in the last 24 hours makes an article trending. */
export const trendingMinimumReads = 100
