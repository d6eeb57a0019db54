// Which version of an article an editor sees. The admin client reads the raw perspective, so drafts
// (`drafts.{id}`) and published documents arrive side by side; these GROQ fragments fold them into
// one row per article in the query itself: a draft stands for its article, and a published
// document only when it has no draft. Whether the other half exists is looked up with a
// dereference (`{"_ref": id}->`). groq-js (the unit tests) and hosted GROQ read the fragments the
// same way. The embedded service keeps each condition below that reads the other half
// (`pairConditions`) as a key of its own, written with both halves (server/groq/pairs.ts), so the
// admin's lists and counts are read from an index however large the archive grows. It lives in
// shared/ because the service recognises these exact conditions in the admin's queries.

export const isDraft = `_id in path("drafts.**")`
/** The article's own id, whichever of its documents this is. */
export const publishedIdOf = `select(${isDraft} => string::split(_id, "drafts.")[1], _id)`
const publishedDoc = `({"_ref": ${publishedIdOf}})->`
/** The draft beside a document (itself, for a draft), dereferenced: `${draftOfArticle}title`. */
export const draftOfArticle = `({"_ref": "drafts." + ${publishedIdOf}})->`

/**
 * The conditions and values that read a document's other half, by name: each is a key the service
 * writes for both halves whenever either changes (the names are those keys' names).
 */
export const pairConditions = {
  /** A draft, or a document with no draft beside it. */
  current: `${isDraft} || !defined(({"_ref": "drafts." + _id})->_id)`,
  /** Not a draft, or a draft of an article never published (or unpublished). */
  readers: `!(${isDraft}) || !defined(${publishedDoc}_id)`,
  hasPublished: `defined(${publishedDoc}_id)`,
  /** An article was created when its first document was: the published one's date survives new drafts. */
  createdAt: `coalesce(${publishedDoc}_createdAt, _createdAt)`,
  ...Object.fromEntries((['isBreakingNews', 'isLeadStory', 'isFeatured', 'isLatestUpdate'] as const).map((flag) => [`flagged:${flag}`, `${flag} == true || ${draftOfArticle}${flag} == true`])),
} as Record<string, string>

/** The document an editor works on: the draft when there is one, otherwise the published one. */
export const isCurrent = `(!(_id in path("versions.**")) && (${pairConditions.current}))`
export const hasPublished = pairConditions.hasPublished!
export const createdAt = pairConditions.createdAt!

export const articleFilter = `_type == "article" && ${isCurrent}`

/**
 * The document readers see standing for its article: the published one, and a draft only for an
 * article never published (or unpublished). The dashboard and the section managers list these, so
 * they show what readers see, with a mark where a draft beside it differs (listItem.ts).
 */
export const isReadersVersion = `(!(_id in path("versions.**")) && (${pairConditions.readers}))`
export const readersArticleFilter = `_type == "article" && ${isReadersVersion}`
/** A flag set in the readers' version or in the draft beside it. */
export const flaggedInEither = (flag: string) => `(${pairConditions[`flagged:${flag}`] ?? `${flag} == true || ${draftOfArticle}${flag} == true`})`
