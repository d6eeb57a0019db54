// What goes in an edition: the Morning Briefing is the front page as readers see it (the homepage's
// own query and rules, shared/homepage), read as an anonymous reader in the published perspective
// (drafts never reach a subscriber); an editors' edition is the stories an editor picked, read the
// same way. Both become the same article data the email template renders.

import { newsletterById, type NewsletterId } from '../../shared/newsletters.ts'
import { cardProjection, homepageQuery } from '../../shared/homepage/query.ts'
import { sectionsFromQuery, type CardArticle, type HomepageQueryResult } from '../../shared/homepage/rules.ts'
import { articleUrl } from '../feeds/source.ts'

/** Where an edition reads the paper from (server/feeds/source.ts makes one). */
export interface EditionSource {
  origin: string
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>
  imageUrl(image: unknown, width: number, height: number): string | null
}

export interface EmailArticle {
  id: string
  title: string
  /** The article's address, with `?ref=newsletter` so the paper can tell the reads an edition brings. */
  url: string
  excerpt: string | null
  image: { src: string; alt: string; width: number; height: number } | null
  byline: string | null
  section: string | null
  publishedAt: string | null
}

export interface EditionSection {
  title: string
  articles: EmailArticle[]
}

export interface EditionContent {
  newsletter: NewsletterId
  /** The newsletter's name, as the Subscribe page offers it. */
  name: string
  subject: string
  intro: string
  sections: EditionSection[]
  siteUrl: string
}

/** The picture size in emails: the template's column width, at twice the pixels for sharp screens. */
export const emailImage = { width: 1200, height: 675 } as const

/** An article's address from a newsletter: the same page, marked as a read the newsletter brought. */
export function newsletterLink(origin: string, slug: string): string {
  return `${articleUrl(origin, slug)}?ref=newsletter`
}

function toEmailArticle(source: EditionSource, card: CardArticle): EmailArticle | null {
  if (!card.slug) return null
  const src = card.mainImage ? source.imageUrl(card.mainImage, emailImage.width, emailImage.height) : null
  return {
    id: card._id,
    title: card.title,
    url: newsletterLink(source.origin, card.slug),
    excerpt: card.excerpt ?? null,
    image: src ? { src, alt: card.mainImage?.alt?.trim() || card.title, width: emailImage.width, height: emailImage.height } : null,
    byline: card.author?.name ?? null,
    section: card.categories?.[0]?.title ?? null,
    publishedAt: card.publishedAt,
  }
}

const londonDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long' })

export interface MorningComposition {
  content: EditionContent
  articleIds: string[]
  /** The newest publication time among its stories: "anything new since the last one?" reads it. */
  newestPublishedAt: string | null
}

/**
 * The Morning Briefing as the front page stands at `at`: breaking, the lead, featured, the latest
 * updates and most read, each story once (in the first section that shows it).
 */
export async function composeMorning(source: EditionSource, at: number): Promise<MorningComposition> {
  const { sections } = sectionsFromQuery(await source.fetch<HomepageQueryResult>(homepageQuery))
  const seen = new Set<string>()
  const pick = (cards: Array<CardArticle | null>): EmailArticle[] =>
    cards.flatMap((card) => {
      if (!card || seen.has(card._id)) return []
      const article = toEmailArticle(source, card)
      if (!article) return []
      seen.add(card._id)
      return [article]
    })
  const parts: EditionSection[] = [
    { title: 'Breaking news', articles: pick([sections.breaking]) },
    { title: 'The lead story', articles: pick([sections.lead]) },
    { title: 'Featured', articles: pick(sections.featured) },
    { title: 'Latest updates', articles: pick(sections.latest) },
    { title: 'Most read', articles: pick(sections.trending) },
  ].filter((section) => section.articles.length > 0)
  const articles = parts.flatMap((section) => section.articles)
  const first = articles[0]
  const name = newsletterById('morning-briefing').name
  const day = londonDate.format(new Date(at))
  return {
    content: {
      newsletter: 'morning-briefing',
      name,
      subject: first ? `${name}: ${first.title}` : name,
      intro: `Good morning. This is the front page of Resonance on ${day}.`,
      sections: parts,
      siteUrl: source.origin,
    },
    articleIds: articles.map((article) => article.id),
    newestPublishedAt: articles.reduce<string | null>((newest, article) => (article.publishedAt && (!newest || article.publishedAt > newest) ? article.publishedAt : newest), null),
  }
}

/** The picked stories that readers can see, in the editor's order; ids of any that are not (unpublished, deleted) in `missing`. */
export async function pickedArticles(source: EditionSource, ids: readonly string[]): Promise<{ articles: EmailArticle[]; missing: string[] }> {
  if (ids.length === 0) return { articles: [], missing: [] }
  const cards = await source.fetch<CardArticle[]>(`*[_type == "article" && _id in $ids && defined(slug.current)]{${cardProjection()}}`, { ids })
  const byId = new Map(cards.map((card) => [card._id, card]))
  const articles: EmailArticle[] = []
  const missing: string[] = []
  for (const id of ids) {
    const card = byId.get(id)
    const article = card ? toEmailArticle(source, card) : null
    if (article) articles.push(article)
    else missing.push(id)
  }
  return { articles, missing }
}

/** An editors' edition: their subject, their note, their stories. */
export async function composeEditors(source: EditionSource, edition: { subject: string; intro: string; articleIds: readonly string[] }): Promise<{ content: EditionContent; missing: string[] }> {
  const { articles, missing } = await pickedArticles(source, edition.articleIds)
  return {
    content: {
      newsletter: 'editors-edition',
      name: newsletterById('editors-edition').name,
      subject: edition.subject,
      intro: edition.intro,
      sections: articles.length > 0 ? [{ title: 'From the editors', articles }] : [],
      siteUrl: source.origin,
    },
    missing,
  }
}
