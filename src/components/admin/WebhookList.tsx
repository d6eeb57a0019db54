import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { deliveriesSummary, triggersText } from '../../content/admin/webhooks.ts'
import type { WebhookView } from '../../../shared/webhooks.ts'
import { LoadError } from './LoadError.tsx'
import './WebhookList.css'

export interface WebhookListProps {
  state: Loadable<WebhookView[]>
  /** The hook whose delivery log is open, marked as the current one. */
  openId?: string | null
  /** Hooks being changed now (enabled, disabled, deleted): their buttons wait. */
  busyIds?: ReadonlySet<string>
  onToggle: (hook: WebhookView, enabled: boolean) => void
  onDelete: (hook: WebhookView) => void
  onRetry?: () => void
}

/**
 * The webhooks, oldest first: each with where it sends, on which changes, its filter and
 * projection as written, whether drafts count, whether it is on, and what is waiting or failed,
 * with its delivery log, a switch on or off, and Delete. Queries show as code, as text.
 */
export function WebhookList({ state, openId = null, busyIds = new Set(), onToggle, onDelete, onRetry }: WebhookListProps) {
  if (state.status === 'loading') {
    return (
      <p className="webhook-list__summary" role="status">
        Loading webhooks...
      </p>
    )
  }
  if (state.status === 'error') return <LoadError what="the webhooks" message={state.message} onRetry={onRetry} />
  const hooks = state.data
  return (
    <div className="webhook-list">
      <p className="webhook-list__summary" role="status">
        {hooks.length === 0 ? 'No webhooks yet. Create one below.' : `${hooks.length} ${hooks.length === 1 ? 'webhook' : 'webhooks'}.`}
      </p>
      {hooks.length > 0 ? (
        <ul className="webhook-list__items" aria-label="Webhooks">
          {hooks.map((hook) => (
            <li key={hook.id}>
              <HookItem hook={hook} open={hook.id === openId} busy={busyIds.has(hook.id)} onToggle={onToggle} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function HookItem({ hook, open, busy, onToggle, onDelete }: { hook: WebhookView; open: boolean; busy: boolean } & Pick<WebhookListProps, 'onToggle' | 'onDelete'>) {
  const nameId = useId()
  const created = adminDateTime(hook.createdAt)
  return (
    <article className={`webhook-list__hook${hook.enabled ? '' : ' webhook-list__hook--off'}`} aria-labelledby={nameId}>
      <div className="webhook-list__head">
        <h2 id={nameId} className="webhook-list__name">
          {hook.name}
        </h2>
        <span className={`webhook-list__state webhook-list__state--${hook.enabled ? 'on' : 'off'}`}>{hook.enabled ? 'Enabled' : 'Disabled'}</span>
      </div>
      <dl className="webhook-list__facts">
        <div>
          <dt>URL</dt>
          <dd className="webhook-list__url">{hook.url}</dd>
        </div>
        <div>
          <dt>Sends on</dt>
          <dd>
            {triggersText(hook.triggers)} in {hook.dataset}
            {hook.includeDrafts ? ', drafts included' : ''}
          </dd>
        </div>
        <div>
          <dt>Filter</dt>
          <dd>{hook.filter ? <code>{hook.filter}</code> : 'Every document'}</dd>
        </div>
        <div>
          <dt>Projection</dt>
          <dd>{hook.projection ? <code>{hook.projection}</code> : 'The whole document'}</dd>
        </div>
        <div>
          <dt>Deliveries</dt>
          <dd className={hook.failed > 0 ? 'webhook-list__failed' : undefined}>{deliveriesSummary(hook)}</dd>
        </div>
        {created ? (
          <div>
            <dt>Created</dt>
            <dd>
              <time dateTime={hook.createdAt}>{created}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="webhook-list__actions">
        <Link to="/admin/webhooks" search={{ hook: hook.id }} className="webhook-list__button" aria-current={open ? 'true' : undefined}>
          Delivery log <span className="visually-hidden">of {hook.name}</span>
        </Link>
        <button type="button" className="webhook-list__button" aria-disabled={busy || undefined} onClick={() => busy || onToggle(hook, !hook.enabled)}>
          {hook.enabled ? 'Disable' : 'Enable'} <span className="visually-hidden">{hook.name}</span>
        </button>
        <button type="button" className="webhook-list__button webhook-list__delete" aria-disabled={busy || undefined} onClick={() => busy || onDelete(hook)}>
          Delete <span className="visually-hidden">{hook.name}</span>
        </button>
      </div>
    </article>
  )
}
