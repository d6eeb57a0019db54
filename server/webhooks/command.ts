// `npm run content -- webhook create|list|delete`: hooks managed from a terminal, on the same
// webhooks.db the running service reads for each transaction, so a hook created here counts at once.

import { webhookTriggers, type WebhookTrigger } from '../../shared/webhooks.ts'
import { newHookFrom } from './rules.ts'
import { WebhookStore } from './store.ts'

export const webhookUsage = `  webhook create --url URL --filter GROQ [--projection GROQ] [--on create,update,delete]
                 --secret SECRET [--dataset NAME] [--name NAME] [--drafts]
                                             Add a webhook: each change the filter matches is POSTed
                                             to URL, signed with SECRET (--drafts: drafts too).
  webhook list                               List webhooks with their deliveries waiting and failed.
  webhook delete ID                          Delete a webhook and its delivery log.`

export interface WebhookCommandOptions {
  url?: string
  filter?: string
  projection?: string
  on?: string
  secret?: string
  name?: string
  drafts?: boolean
  dataset: string
}

/** Runs one webhook command; returns the lines to print, or throws an Error worded for the terminal. */
export function webhookCommand(dataDir: string, args: string[], options: WebhookCommandOptions): string[] {
  const store = new WebhookStore(dataDir)
  try {
    switch (args[0]) {
      case 'create': {
        const triggers = (options.on ?? webhookTriggers.join(',')).split(',').map((t) => t.trim()).filter(Boolean) as WebhookTrigger[]
        if (options.filter === undefined) throw new Error('webhook create needs --filter GROQ (--filter "" matches every document)')
        const checked = newHookFrom({
          name: options.name ?? '',
          url: options.url ?? '',
          dataset: options.dataset,
          filter: options.filter,
          projection: options.projection ?? '',
          triggers,
          includeDrafts: options.drafts === true,
          secret: options.secret ?? '',
        })
        if ('problems' in checked) throw new Error(Object.entries(checked.problems).map(([field, problem]) => `--${field === 'triggers' ? 'on' : field}: ${problem}`).join('\n'))
        const hook = store.createHook(checked.hook)
        return [`Created webhook ${hook.id} "${hook.name}": ${hook.triggers.join(', ')} in "${hook.dataset}" to ${hook.url}`]
      }
      case 'list': {
        const hooks = store.views()
        if (hooks.length === 0) return ['No webhooks']
        return hooks.map((h) =>
          [h.id, h.name, h.url, h.dataset, h.triggers.join(','), h.filter || '(every document)', h.enabled ? 'enabled' : 'disabled', `${h.pending} pending`, `${h.failed} failed`].join('\t'),
        )
      }
      case 'delete': {
        const id = args[1]
        if (!id) throw new Error('Usage: webhook delete ID')
        if (!store.deleteHook(id)) throw new Error(`No webhook ${id}`)
        return [`Deleted webhook ${id}`]
      }
      default:
        throw new Error(`Usage:\n${webhookUsage}`)
    }
  } finally {
    store.close()
  }
}
