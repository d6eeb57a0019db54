// The stylesheet reader pages load once they have painted: the app's one stylesheet without the rules
// only the admin's components use. It is parsed in one task when it arrives, after the page's largest
// paint, and that task was the homepage's longest after it (Lighthouse's total blocking time, issue
// 23); the admin's rules were more than half of it. The admin keeps the whole file. Every rule kept
// stays in its place, so the cascade a reader page sees is the whole stylesheet's.
// docs/decisions/030-critical-css.md.

import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import postcss, { type Root } from 'postcss'

/** A selector's classes outside any parentheses (`.a:not(.b)` names a; `:is(.a, .b)` names none). */
function outerClasses(selector: string): string[] {
  let outer = selector
  for (let inner = outer.replace(/\([^()]*\)/g, ''); inner !== outer; inner = outer.replace(/\([^()]*\)/g, '')) outer = inner
  return [...outer.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!)
}

/** Every class a stylesheet's selectors name outside parentheses. */
export function classesDefinedIn(css: string): Set<string> {
  const names = new Set<string>()
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) for (const name of outerClasses(selector)) names.add(name)
  })
  return names
}

/** Classes the admin's stylesheets define that no other stylesheet of the app does. */
export function adminOnlyClasses(adminSources: string[], otherSources: string[]): Set<string> {
  const others = new Set(otherSources.flatMap((css) => [...classesDefinedIn(css)]))
  return new Set(adminSources.flatMap((css) => [...classesDefinedIn(css)]).filter((name) => !others.has(name)))
}

function emptyGroupsRemoved(root: Root): void {
  let removed = true
  while (removed) {
    removed = false
    root.walkAtRules((group) => {
      if (group.nodes !== undefined && group.nodes.length === 0) {
        group.remove()
        removed = true
      }
    })
  }
}

/**
 * `bundle` without its rules whose every selector names a class in `adminOnly`: such a rule can only
 * match an admin component. Everything else (and its order) is kept.
 */
export function readerStylesheet(bundle: string, adminOnly: ReadonlySet<string>): string {
  const root = postcss.parse(bundle)
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return
    if (rule.selectors.every((selector) => outerClasses(selector).some((name) => adminOnly.has(name)))) rule.remove()
  })
  emptyGroupsRemoved(root)
  return root.toString()
}

/**
 * The admin-only classes a reader page's markup carries: none may, or a rule the reader stylesheet
 * left out would style it.
 */
export function adminClassesOn(markup: string, adminOnly: ReadonlySet<string>): string[] {
  const found = new Set<string>()
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (adminOnly.has(name)) found.add(name)
  }
  return [...found]
}

const adminStylesheet = /^(components|routes)\/admin\//

/**
 * Writes the reader stylesheet beside the app's (dist/assets/reader-<hash>.css) and gives `indexHtml`
 * with its stylesheet link pointed at it, for the reader template to load. The admin-only classes are
 * those of the stylesheets under src/components/admin and src/routes/admin; the build stops if a
 * reader page's markup (`samples`) carries one.
 */
export function withReaderStylesheet(indexHtml: string, samples: string[], distDir: string, srcDir: string): string {
  const link = /(<link\b[^>]*\brel="stylesheet"[^>]*\bhref=")\/(assets\/[^"]+\.css)("[^>]*>)/
  const found = link.exec(indexHtml)
  if (!found) throw new Error('index.html links no stylesheet to make the reader stylesheet from')
  const sources = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.css'))
  const read = (file: string) => readFileSync(join(srcDir, file), 'utf8')
  const adminOnly = adminOnlyClasses(sources.filter((file) => adminStylesheet.test(file)).map(read), sources.filter((file) => !adminStylesheet.test(file)).map(read))
  const onReaderPages = adminClassesOn(samples.join(''), adminOnly)
  if (onReaderPages.length > 0) throw new Error(`Reader pages carry classes only the admin's stylesheets define: ${onReaderPages.join(', ')}`)
  const css = readerStylesheet(readFileSync(join(distDir, found[2]!), 'utf8'), adminOnly)
  const name = `assets/reader-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`
  writeFileSync(join(distDir, name), css)
  return indexHtml.replace(link, (_, open: string, _href: string, close: string) => `${open}/${name}${close}`)
}
