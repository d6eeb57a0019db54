import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { newsletterById } from '../../../shared/newsletters.ts'
import { adminDateTime, type Loadable } from '../../content/admin/display.ts'
import { editionReachText, editionStateText, type Edition, type NewslettersPage } from '../../content/admin/newsletters.ts'
import { deliveryNotices } from '../../content/admin/outbox.ts'
import { LoadError } from './LoadError.tsx'
import './NewsroomList.css'
import './OutboxList.css'
import './NewsletterEditions.css'

export interface NewsletterEditionsProps {
  state: Loadable<NewslettersPage>
  onRetry?: () => void
  /** Links to the other pages, below the list. */
  pagination?: ReactNode
  /** The Morning Briefing's actions (preview, test, send now), in its card. */
  morningActions?: ReactNode
}

/**
 * The admin's Newsletters page: whether email is really sent, when the next Morning Briefing goes
 * and to how many, and every edition with its state (draft, scheduled, sending n of N, sent with
 * failures counted, or kept, not sent), each leading to its composer or its delivery log.
 */
export function NewsletterEditions({ state, onRetry, pagination, morningActions }: NewsletterEditionsProps) {
  return (
    <div className="newsroom-list newsletter-editions">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title">Newsletters</h1>
        <Link to="/admin/newsletters/new" className="newsroom-list__button newsletter-editions__new">
          New edition of From the Editors
        </Link>
      </div>
      {state.status === 'error' ? <LoadError what="the newsletters" message={state.message} onRetry={onRetry} /> : null}
      {state.status === 'loading' ? (
        <p className="newsroom-list__summary" role="status">
          Loading newsletters...
        </p>
      ) : null}
      {state.status === 'ready' ? <Ready data={state.data} pagination={pagination} morningActions={morningActions} /> : null}
    </div>
  )
}

function Ready({ data, pagination, morningActions }: { data: NewslettersPage; pagination?: ReactNode; morningActions?: ReactNode }) {
  const morning = newsletterById('morning-briefing')
  const editors = newsletterById('editors-edition')
  return (
    <>
      <div className={`outbox-list__notice outbox-list__notice--${data.delivery}`}>
        <p>
          <strong>{data.delivery === 'outbox' ? 'Not sending. ' : 'Sending. '}</strong>
          {data.delivery === 'outbox'
            ? 'No SMTP server is configured (SMTP_URL): editions are kept, not sent, and each is kept in the Outbox.'
            : deliveryNotices.smtp}
        </p>
      </div>
      <div className="newsletter-editions__cards">
        <section className="newsletter-editions__card" aria-labelledby="newsletter-morning">
          <h2 id="newsletter-morning">{morning.name}</h2>
          <p>{morning.when(data.morningTime)}</p>
          <p>
            Next: {data.nextMorningAt ? <time dateTime={data.nextMorningAt}>{adminDateTime(data.nextMorningAt)}</time> : 'not scheduled'}
            {data.recipients ? `, to ${subscribers(data.recipients['morning-briefing'])}` : ''}.
          </p>
          {morningActions}
        </section>
        <section className="newsletter-editions__card" aria-labelledby="newsletter-editors">
          <h2 id="newsletter-editors">{editors.name}</h2>
          <p>{editors.when(data.morningTime)}</p>
          {data.recipients ? <p>{subscribers(data.recipients['editors-edition'])} would receive the next one.</p> : null}
        </section>
      </div>
      <p className="newsroom-list__summary" role="status">
        {data.total === 0 ? 'No editions yet.' : `${data.total} ${data.total === 1 ? 'edition' : 'editions'}, newest first.`}
      </p>
      {data.editions.length > 0 ? (
        <div className="newsroom-list__scroll" tabIndex={0} role="region" aria-label="Editions">
          <table className="newsroom-list__table">
            <caption className="newsroom-list__caption">Editions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Newsletter</th>
                <th scope="col">State</th>
                <th scope="col">Written</th>
              </tr>
            </thead>
            <tbody>
              {data.editions.map((edition) => (
                <EditionRow key={edition._id} edition={edition} recipients={data.recipients?.[edition.newsletter] ?? null} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pagination}
    </>
  )
}

function EditionRow({ edition, recipients }: { edition: Edition; recipients: number | null }) {
  const written = adminDateTime(edition.createdAt)
  const reach = editionReachText(edition, recipients)
  return (
    <tr>
      <td>
        <Link to="/admin/newsletters/$id" params={{ id: edition._id }}>
          {edition.subject.trim() || '(no subject)'}
        </Link>
      </td>
      <td>{newsletterById(edition.newsletter).name}</td>
      <td>
        <span className={`newsletter-editions__state newsletter-editions__state--${edition.state}`}>{editionStateText(edition)}</span>
        {reach ? <span className="newsletter-editions__reach">, {reach}</span> : null}
      </td>
      <td className="newsroom-list__date">{written ? <time dateTime={edition.createdAt}>{written}</time> : 'Unknown'}</td>
    </tr>
  )
}

function subscribers(n: number): string {
  return `${n.toLocaleString('en-GB')} confirmed ${n === 1 ? 'subscriber' : 'subscribers'}`
}
