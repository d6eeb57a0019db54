// Each reader document's inline styles cut down to the rules its own markup can use. The build
// inlines the rules any reader page uses (the union of one page of each kind, 38 KB, 6.6 KB with
// Brotli: scripts/readerTemplate.ts) and writes them beside the template as a plan
// (scripts/criticalStylesPlan.ts): each rule with the classes it needs. The renderer keeps a rule
// when the page has every class one of its selectors names, which takes a few milliseconds per render
// (Beasties itself took 50 to 750 ms). A homepage's inline styles come to about 13 KB (2.9 KB with
// Brotli), and its document fits the first round trip. docs/decisions/030-critical-css.md.

/** One rule, or any at-rule kept whole (a font, keyframes), as CSS text, with what it needs. */
export interface StyleRule {
  css: string
  /**
   * The classes a page must have for the rule to match, one list per selector of the rule (any one
   * list suffices); null when it needs none (an element's rule, an at-rule kept whole).
   */
  needs: string[][] | null
}

/** A conditional group (@media, @supports, @container, @layer) around rules. */
export interface StyleGroup {
  /** Its prelude, e.g. `@media (min-width:48rem)`. */
  group: string
  parts: StylePart[]
}

export type StylePart = StyleRule | StyleGroup

/** The build's plan of the inline styles (dist-server/reader-styles.json). */
export interface CriticalStyles {
  /** The text of the template's inline style the plan describes, as it stands there. */
  whole: string
  parts: StylePart[]
}

/** The file beside the reader template (dist-server/reader.html) that holds the plan. */
export const criticalStylesFile = 'reader-styles.json'

/** Every class named in the markup's class attributes. */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>()
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.replace(/&amp;/g, '&').split(/\s+/)) if (name) names.add(name)
  }
  return names
}

function kept(part: StylePart, classes: ReadonlySet<string>): string {
  if ('group' in part) {
    const inner = part.parts.map((child) => kept(child, classes)).join('')
    return inner === '' ? '' : `${part.group}{${inner}}`
  }
  if (part.needs === null || part.needs.some((names) => names.every((name) => classes.has(name)))) return part.css
  return ''
}

/**
 * The rules of the plan that may match markup with these classes, in their order. A rule whose
 * selectors all name a class the page lacks cannot match anything the page shows before a script runs.
 */
export function stylesFor(plan: CriticalStyles, classes: ReadonlySet<string>): string {
  return plan.parts.map((part) => kept(part, classes)).join('')
}

/** Whether what was read is a plan this renderer can use. */
export function isCriticalStyles(value: unknown): value is CriticalStyles {
  const plan = value as Partial<CriticalStyles> | null
  return typeof plan === 'object' && plan !== null && typeof plan.whole === 'string' && Array.isArray(plan.parts)
}
