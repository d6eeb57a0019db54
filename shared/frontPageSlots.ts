// The front page's two single slots, Breaking News and the Lead Story: one article holds each. Any
// write that gives an article a slot (the article form's save, a scheduled publish) clears the flag
// on every other article in the same transaction, with the patches built here, so the rule is one
// rule whichever side writes. The homepage keeps only the newest flagged story and reports the rest
// as a rule violation; a write that takes the slot leaves one.

/** Each single slot's field on an article document. */
export const singleSlotFlags = { lead: 'isLeadStory', breaking: 'isBreakingNews' } as const

export type SingleSlot = keyof typeof singleSlotFlags
export type SingleSlotFlag = (typeof singleSlotFlags)[SingleSlot]

/** A patch of every document a GROQ query selects, as the content service's mutate takes it. */
export interface PatchByQuery {
  patch: { query: string; params: Record<string, unknown>; set: Record<string, boolean> }
}

// Every other article's published document and draft; release versions are plans of their own.
const othersFlagged = (flag: SingleSlotFlag) => `*[_type == "article" && ${flag} == true && !(_id in [$id, $draftId]) && !(_id in path("versions.**"))]`

/**
 * The patches that give the published article `id` the slots whose flags are set: the flag set to
 * false on every other article, published and draft alike (a published one stays published: only
 * the flag changes). They go in the writing transaction, so the slot changes hands all at once or
 * not at all, and the query is evaluated when the transaction runs, so a story flagged meanwhile is
 * cleared too. The caller decides the article is going live: a draft takes no slot, since readers
 * do not see it and clearing the live story would leave the slot empty until it is published.
 */
export function slotClearingPatches(id: string, flags: Readonly<Record<string, unknown>>): PatchByQuery[] {
  const publishedId = id.replace(/^drafts\./, '')
  return (Object.values(singleSlotFlags) as SingleSlotFlag[])
    .filter((flag) => flags[flag] === true)
    .map((flag) => ({ patch: { query: othersFlagged(flag), params: { id: publishedId, draftId: `drafts.${publishedId}` }, set: { [flag]: false } } }))
}
