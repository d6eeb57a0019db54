// The article page's GROQ. The benchmark imports it, so it measures the query the site sends.

/**
 * One article by slug, with what the article page shows (article.ts types it). Should two
 * articles share a slug, the newest wins, by the same order as every list.
 */
export const articleBySlugQuery = `*[_type == "article" && slug.current == $slug] | order(publishedAt desc, _id asc)[0]{
  _id, title, "slug": slug.current, publishedAt, updatedAt, mainImage, excerpt, mediaType, videoUrl,
  "video": video{asset, "mimeType": asset->mimeType},
  author->{name, "slug": slug.current, image},
  categories[]->{_id, title, "slug": slug.current, kind},
  body,
  "corrections": corrections[0...50]{_key, kind, text, date},
  isLiveBlog, liveBlogEndedAt
}`
