// The homepage's GROQ: the bounded query for its sections and what its live feed listens to. The
// benchmark imports these, so it measures the queries the site sends.

const card = `_id, title, "slug": slug.current, publishedAt, excerpt, mainImage, mediaType, readCount,
  isBreakingNews, isLeadStory, isFeatured, isLatestUpdate,
  author->{name, image}, categories[]->{title, "slug": slug.current}`

const article = `_type == "article"`
// Newest first, with the id as a tie-break so the order is the same everywhere it is computed.
const newest = `order(publishedAt desc, _id asc)`
const unplaced = `!(isBreakingNews == true) && !(isLeadStory == true) && !(isFeatured == true) && !(isLatestUpdate == true) && !(mediaType == "video") && !(coalesce(readCount, 0) > 100)`

/**
 * The homepage, bounded: each section asks only for the articles it can show (featured: one more,
 * since the lead may be among them), never the whole archive. Counts let the page report the spec's
 * rule violations without downloading every flagged article. `sectionsFromQuery` in
 * src/content/homepage/rules.ts turns the result into the sections.
 */
export const homepageQuery = `{
  "breaking": *[${article} && isBreakingNews == true] | ${newest}[0]{${card}},
  "lead": *[${article} && isLeadStory == true] | ${newest}[0]{${card}},
  "featured": *[${article} && isFeatured == true] | ${newest}[0...4]{${card}},
  "latest": *[${article} && isLatestUpdate == true] | ${newest}[0...5]{${card}},
  "videos": *[${article} && mediaType == "video"] | ${newest}[0...4]{${card}},
  "trending": *[${article} && readCount > 100] | order(readCount desc, publishedAt desc, _id asc)[0...5]{${card}},
  "counts": {
    "breaking": count(*[${article} && isBreakingNews == true]),
    "lead": count(*[${article} && isLeadStory == true]),
    "featured": count(*[${article} && isFeatured == true]),
    "latest": count(*[${article} && isLatestUpdate == true]),
    "unplaced": count(*[${article} && ${unplaced}]),
    "breakingAndLead": count(*[${article} && isBreakingNews == true && isLeadStory == true])
  }
}`

/** What the homepage listens to: any published article changing may change a section. */
export const homepageListenQuery = `*[_type == "article"]`
