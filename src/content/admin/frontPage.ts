// The front page's two single slots, Breaking News and the Lead Story, as the article form sees
// them: which published story holds each now (the homepage's own pick, read through its own query
// and rules in src/content/homepage/), which one a save would replace, and the patches that clear
// the flag on every other article in the save's own transaction (built by shared/frontPageSlots.ts,
// which the scheduled publish uses too). The homepage keeps only the newest
// flagged story and reports the rest as a rule violation; a save that takes the slot leaves one.

import { loadHomepage, type CardArticle } from '../homepage/rules.ts'
import type { ArticleFormValues } from './articleForm/values.ts'
import { slotClearingPatches, type PatchByQuery } from '../../../shared/frontPageSlots.ts'

export type { PatchByQuery }

/** Reads as an anonymous reader would (the published perspective), as `loadHomepage` asks. */
export type PublishedFetch = <R>(query: string, params: Record<string, unknown>, options: { tag: string }) => Promise<R>

/** A story in a slot: what the form names it by. */
export interface SlotHolder {
  id: string
  title: string
}

/** Who holds each single slot on the homepage now; null when nobody does. */
export interface FrontPageHolders {
  breaking: SlotHolder | null
  lead: SlotHolder | null
}

export const noHolders: FrontPageHolders = { breaking: null, lead: null }

export type FrontPageSlot = keyof FrontPageHolders

/** Each slot's form field and document field. */
export const frontPageSlots = {
  lead: { value: 'is_lead_story', flag: 'isLeadStory' },
  breaking: { value: 'is_breaking_news', flag: 'isBreakingNews' },
} as const satisfies Record<FrontPageSlot, { value: keyof ArticleFormValues; flag: keyof CardArticle }>

const holderOf = (article: CardArticle | null): SlotHolder | null => (article ? { id: article._id, title: article.title } : null)

/** The stories the homepage shows in its single slots now, picked by the homepage's own query and rules. */
export async function loadFrontPageHolders(fetch: PublishedFetch): Promise<FrontPageHolders> {
  const { sections } = await loadHomepage(fetch)
  return { breaking: holderOf(sections.breaking), lead: holderOf(sections.lead) }
}

/**
 * The story that saving these values would take a slot from: the one holding it now, when the form
 * asks for the slot and the article is not already that story. Null otherwise.
 */
export function replacedStory(holders: FrontPageHolders, slot: FrontPageSlot, articleId: string, values: Pick<ArticleFormValues, 'is_lead_story' | 'is_breaking_news'>): SlotHolder | null {
  const holder = holders[slot]
  if (!values[frontPageSlots[slot].value] || !holder || holder.id === articleId) return null
  return holder
}

/**
 * The patches that give this article the slots it asks for, from the one rule every write that
 * takes a slot follows (shared/frontPageSlots.ts): a published save clears the flag on every other
 * article in its own transaction. A draft takes no slot: readers do not see it, and clearing the
 * live story would leave the slot empty until it is published, when its save (or its scheduled
 * publish) clears the others.
 */
export function clearSlotPatches(id: string, values: Pick<ArticleFormValues, 'published' | 'is_lead_story' | 'is_breaking_news'>): PatchByQuery[] {
  if (!values.published) return []
  return slotClearingPatches(id, { [frontPageSlots.lead.flag]: values.is_lead_story, [frontPageSlots.breaking.flag]: values.is_breaking_news })
}
