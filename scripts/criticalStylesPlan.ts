// The build's plan of the reader pages' inline styles (server/pages/criticalStyles.ts): each rule of
// what Beasties inlined, with the classes its selectors need, so the renderer can send a document only
// the rules its markup can use.

import postcss, { type AtRule, type ChildNode } from 'postcss'
import type { CriticalStyles, StylePart } from '../server/pages/criticalStyles.ts'

/** At-rules whose rules apply only under a condition: their rules are weighed one by one. */
const groups = new Set(['media', 'supports', 'container', 'layer'])

/**
 * The classes a selector needs the page to have: those it names outside any parentheses or brackets.
 * `:not(.open)` and `:is(.a, .b)` need neither class, and `[href$=".pdf"]` names none, so what they
 * hold is passed over; what is left can only match an element that has each class named.
 */
export function classesNeeded(selector: string): string[] {
  const names: string[] = []
  let depth = 0
  let quote: string | null = null
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!
    if (char === '\\') {
      i++
      continue
    }
    if (quote) {
      if (char === quote) quote = null
      continue
    }
    if (char === '"' || char === "'") quote = char
    else if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === '.' && depth === 0) {
      let name = ''
      let j = i + 1
      for (; j < selector.length; j++) {
        const c = selector[j]!
        if (c === '\\' && j + 1 < selector.length) name += selector[++j]
        else if (/[\w-]/.test(c) || c.charCodeAt(0) > 0x7f) name += c
        else break
      }
      if (name) names.push(name)
      i = j - 1
    }
  }
  return names
}

function part(node: ChildNode): StylePart | null {
  if (node.type === 'comment') return null
  if (node.type === 'rule') {
    const needs = node.selectors.map(classesNeeded)
    return { css: node.toString(), needs: needs.some((names) => names.length === 0) ? null : needs }
  }
  if (node.type === 'atrule' && groups.has(node.name) && node.nodes) {
    const at = node as AtRule
    const parts = at.nodes!.map(part).filter((child): child is StylePart => child !== null)
    return { group: `@${at.name}${at.params ? `${at.raws.afterName || ' '}${at.params}` : ''}`, parts }
  }
  // Fonts, keyframes, properties, a layer's order: kept whole, on every page.
  return { css: node.toString(), needs: null }
}

/** The plan of `css`, the text of the template's inline style. */
export function criticalStylesPlan(css: string): CriticalStyles {
  const root = postcss.parse(css)
  return { whole: css, parts: root.nodes.map(part).filter((child): child is StylePart => child !== null) }
}
