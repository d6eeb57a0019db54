// Which version of an article an editor sees. The admin client reads the raw perspective, so drafts
// (`drafts.{id}`) and published documents arrive side by side; these GROQ fragments fold them into
// one row per article in the query itself: a draft stands for its article, and a published
// document only when it has no draft. Whether the other half exists is looked up with a
// dereference (`{"_ref": id}->`), which the service answers from its id index rather than by
// scanning the dataset, so every query stays one pass however large the archive grows. groq-js
// (the unit tests) and hosted GROQ read the fragments the same way.

export const isDraft = `_id in path("drafts.**")`
/** The article's own id, whichever of its documents this is. */
export const publishedIdOf = `select(${isDraft} => string::split(_id, "drafts.")[1], _id)`
const publishedDoc = `({"_ref": ${publishedIdOf}})->`
/** The document an editor works on: the draft when there is one, otherwise the published one. */
export const isCurrent = `(!(_id in path("versions.**")) && (${isDraft} || !defined(({"_ref": "drafts." + _id})->_id)))`
export const hasPublished = `defined(${publishedDoc}_id)`
/** An article was created when its first document was: the published one's date survives new drafts. */
export const createdAt = `coalesce(${publishedDoc}_createdAt, _createdAt)`

export const articleFilter = `_type == "article" && ${isCurrent}`

/**
 * The document readers see standing for its article: the published one, and a draft only for an
 * article never published (or unpublished). The dashboard and the section managers list these, so
 * they show what readers see, with a mark where a draft beside it differs (listItem.ts).
 */
export const isReadersVersion = `(!(_id in path("versions.**")) && (!(${isDraft}) || !defined(${publishedDoc}_id)))`
export const readersArticleFilter = `_type == "article" && ${isReadersVersion}`
/** The draft beside a document (itself, for a draft), dereferenced: `${draftOfArticle}title`. */
export const draftOfArticle = `({"_ref": "drafts." + ${publishedIdOf}})->`
/** A flag set in the readers' version or in the draft beside it. */
export const flaggedInEither = (flag: string) => `(${flag} == true || ${draftOfArticle}${flag} == true)`
