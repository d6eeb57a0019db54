// A condition's constant side, read the same way by the planner's keys and the match index's words.

import type { ExprNode } from 'groq-js'

/** A constant side's value: a literal or a param (the parser usually inlines params as literals). */
export function constantOf(node: ExprNode, params: Record<string, unknown>): { value: unknown } | null {
  if (node.type === 'Group') return constantOf(node.base, params)
  if (node.type === 'Value') return { value: node.value }
  if (node.type === 'Parameter') return { value: params[node.name] }
  if (node.type === 'Array' && node.elements.every((e) => !e.isSplat && e.value.type === 'Value')) return { value: node.elements.map((e) => (e.value as { value: unknown }).value) }
  return null
}
