// GROQ queries of the reader site, in one place so the benchmark measures the queries the site sends.

/** The holding page's list: the twelve newest published articles. */
export const latestHeadlinesQuery = `*[_type == "article" && defined(slug.current)] | order(publishedAt desc)[0...12]{
  "id": _id, title, "slug": slug.current
}`

/** One article by slug, with what the article page shows. */
export const articleBySlugQuery = `*[_type == "article" && slug.current == $slug][0]{
  _id, title, publishedAt, mainImage, excerpt,
  author->{name, image},
  categories[]->{title, "slug": slug.current},
  body
}`

const card = `_id, title, "slug": slug.current, publishedAt, excerpt, mainImage, mediaType, readCount,
  isBreakingNews, isLeadStory, isFeatured, isLatestUpdate,
  author->{name, image}, categories[]->{title, "slug": slug.current}`

/**
 * The homepage, bounded: each section asks only for the articles it can show (plus one, where a
 * section rule may drop an article), never the whole archive. Counts let the page report the
 * spec's rule violations without downloading every flagged article.
 */
export const homepageQuery = `{
  "breaking": *[_type == "article" && isBreakingNews == true] | order(publishedAt desc)[0]{${card}},
  "lead": *[_type == "article" && isLeadStory == true] | order(publishedAt desc)[0]{${card}},
  "featured": *[_type == "article" && isFeatured == true] | order(publishedAt desc)[0...4]{${card}},
  "latest": *[_type == "article" && isLatestUpdate == true] | order(publishedAt desc)[0...5]{${card}},
  "videos": *[_type == "article" && mediaType == "video"] | order(publishedAt desc)[0...4]{${card}},
  "trending": *[_type == "article" && readCount > 100] | order(readCount desc, publishedAt desc)[0...5]{${card}},
  "counts": {
    "breaking": count(*[_type == "article" && isBreakingNews == true]),
    "lead": count(*[_type == "article" && isLeadStory == true]),
    "featured": count(*[_type == "article" && isFeatured == true]),
    "latest": count(*[_type == "article" && isLatestUpdate == true])
  }
}`
