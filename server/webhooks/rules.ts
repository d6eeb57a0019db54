// Which changes a hook fires on and what it sends, as Sanity's GROQ-powered webhooks decide: the
// operation must be one of the hook's triggers, drafts and release versions only count when the
// hook asks for them, the filter is evaluated against the document (as it was, for a delete; as it
// is now, otherwise) and must be true, and the body is the projection evaluated against the same
// document, or the whole document without one. Both run in groq-js's delta mode, so `before()`,
// `after()`, `delta::operation()`, `delta::changedAny()` and `delta::changedOnly()` work as in Sanity.

import { evaluate, parse, type ExprNode } from 'groq-js'
import type { Doc } from '../store/mutations.ts'
import { isDraftId, isVersionId } from '../store/ids.ts'
import { isValidDatasetName } from '../store/store.ts'
import type { NewHook } from './store.ts'
import {
  filterNamesDrafts,
  maxNameLength,
  maxQueryLength,
  maxSecretLength,
  webhookTriggers,
  webhookUrlProblem,
  type WebhookField,
  type WebhookInput,
  type WebhookTrigger,
} from '../../shared/webhooks.ts'

export interface HookRules {
  filter: string
  projection: string | null
  triggers: readonly WebhookTrigger[]
  includeDrafts: boolean
}

export interface DocumentChange {
  id: string
  before: Doc | null
  after: Doc | null
}

export interface EvaluationContext {
  projectId: string
  dataset: string
  /** The document with this id now, for `->` in a filter or projection. */
  lookup(id: string): Doc | undefined
  /** Every document of the dataset, only asked for when a query reads `*`. */
  all(): Doc[]
  timestamp: Date
  identity: string
}

export function operationOf(change: DocumentChange): WebhookTrigger | null {
  if (!change.before && change.after) return 'create'
  if (change.before && change.after) return 'update'
  if (change.before && !change.after) return 'delete'
  return null
}

/** The parse error of a filter or projection, worded for the admin; null when it parses. */
export function queryProblem(query: string, what: 'filter' | 'projection'): string | null {
  if (query.length > maxQueryLength) return `The ${what} must be at most ${maxQueryLength} characters.`
  try {
    parse(query, { mode: 'delta' })
    return null
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `The ${what} is not valid GROQ: ${reason}`
  }
}

export type FieldErrors = Partial<Record<WebhookField, string>>

/** Every problem with a new hook, by field; empty when it can be created. */
export function inputProblems(input: WebhookInput): FieldErrors {
  const problems: FieldErrors = {}
  if (input.name.trim().length > maxNameLength) problems.name = `The name must be at most ${maxNameLength} characters.`
  const url = webhookUrlProblem(input.url)
  if (url) problems.url = url
  if (!isValidDatasetName(input.dataset)) problems.dataset = 'The dataset must be a dataset name: lower-case letters, digits, - and _.'
  if (input.filter.trim() !== '') {
    const filter = queryProblem(input.filter, 'filter')
    if (filter) problems.filter = filter
  }
  if (input.projection.trim() !== '') {
    const projection = queryProblem(input.projection, 'projection')
    if (projection) problems.projection = projection
  }
  if (input.triggers.length === 0) problems.triggers = 'Choose at least one of create, update and delete.'
  else if (input.triggers.some((t) => !webhookTriggers.includes(t))) problems.triggers = `Triggers are ${webhookTriggers.join(', ')}.`
  if (input.secret === '') problems.secret = 'Enter a secret: each delivery is signed with it.'
  else if (input.secret.length > maxSecretLength) problems.secret = `The secret must be at most ${maxSecretLength} characters.`
  return problems
}

/** Whether drafts fire the hook: when asked for, or when its filter names them. */
export function firesOnDrafts(rules: Pick<HookRules, 'filter' | 'includeDrafts'>): boolean {
  return rules.includeDrafts || filterNamesDrafts(rules.filter)
}

// Parsed queries, kept by text: a hook's filter is parsed once, not per transaction.
const parsed = new Map<string, ExprNode>()

function tree(query: string): ExprNode {
  let node = parsed.get(query)
  if (!node) {
    node = parse(query, { mode: 'delta' })
    if (parsed.size > 1000) parsed.clear()
    parsed.set(query, node)
  }
  return node
}

async function evaluateOn(query: string, doc: Doc, change: DocumentChange, context: EvaluationContext): Promise<unknown> {
  const value = await evaluate(tree(query), {
    root: doc,
    // The dataset is only built when the query reads it; `->` goes through lookup.
    dataset: query.includes('*') ? context.all() : [],
    before: change.before ?? undefined,
    after: change.after ?? undefined,
    sanity: { projectId: context.projectId, dataset: context.dataset },
    timestamp: context.timestamp,
    identity: context.identity,
    dereference: ({ _ref }: { _ref: string }) => context.lookup(_ref) ?? null,
  })
  return value.get()
}

/**
 * The body to send for a change, or undefined when the hook does not fire on it. Throws when the
 * filter or projection fails to evaluate (a query error is the hook's, not the transaction's).
 */
export async function payloadFor(rules: HookRules, change: DocumentChange, context: EvaluationContext): Promise<{ operation: WebhookTrigger; body: unknown } | undefined> {
  const operation = operationOf(change)
  if (!operation || !rules.triggers.includes(operation)) return undefined
  if ((isDraftId(change.id) || isVersionId(change.id)) && !firesOnDrafts(rules)) return undefined
  // Sanity evaluates against the document as it was when it is deleted, as it is now otherwise.
  const doc = (operation === 'delete' ? change.before : change.after)!
  if (rules.filter.trim() !== '' && (await evaluateOn(rules.filter, doc, change, context)) !== true) return undefined
  const projection = rules.projection?.trim() ? rules.projection : null
  const body = projection ? await evaluateOn(projection, doc, change, context) : doc
  return { operation, body: body === undefined ? null : body }
}

/** A new hook from what an admin typed, or every problem with it by field (the admin and the CLI both word these). */
export function newHookFrom(input: WebhookInput): { hook: NewHook } | { problems: FieldErrors } {
  const problems = inputProblems(input)
  if (Object.keys(problems).length > 0) return { problems }
  return {
    hook: {
      ...input,
      // Without a name, a hook is called by its receiver's host.
      name: input.name.trim() || new URL(input.url.trim()).host,
      projection: input.projection.trim() || null,
      // Kept in the order Sanity lists them, whatever order they came in.
      triggers: webhookTriggers.filter((t) => input.triggers.includes(t)),
    },
  }
}
