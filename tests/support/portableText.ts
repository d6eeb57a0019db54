import type { BodyNode } from '../../shared/schema.ts'

/**
 * What a Portable Text body means, without the parts a round trip may rename: span and link keys
 * become the links' addresses, neighbouring spans with the same formatting are one, empty spans go.
 */
export function bodyMeaning(body: readonly BodyNode[]): unknown[] {
  return body.map((node) => {
    if (node._type !== 'block') return node
    const links = new Map(node.markDefs.map((def) => [def._key, def.href]))
    const spans: Array<{ text: string; marks: string[] }> = []
    for (const child of node.children) {
      const marks = child.marks.map((mark) => (links.has(mark) ? `link:${links.get(mark)}` : mark)).sort()
      const last = spans.at(-1)
      if (child.text === '') continue
      if (last && JSON.stringify(last.marks) === JSON.stringify(marks)) last.text += child.text
      else spans.push({ text: child.text, marks })
    }
    return { key: node._key, style: node.style, listItem: node.listItem ?? null, level: node.listItem ? (node.level ?? 1) : null, spans }
  })
}
