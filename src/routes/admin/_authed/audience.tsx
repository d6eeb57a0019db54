import { createFileRoute } from '@tanstack/react-router'
import { AudienceReport } from '../../../components/admin/AudienceReport.tsx'
import { validateAudienceSearch } from '../../../content/admin/addresses.ts'
import { usePolledReads, withAudience } from '../-audience.ts'
import type { AudienceWindow } from '../../../../shared/audience.ts'

// What readers read: admins and editors see every article, a contributor their own (the service
// decides). The numbers are asked for again every minute and on focus; the window in the address.
export const Route = createFileRoute('/admin/_authed/audience')({
  validateSearch: validateAudienceSearch,
  head: () => ({ meta: [{ title: 'Audience | Resonance Admin' }] }),
  component: AudienceRoute,
})

function AudienceRoute() {
  const rankBy = Route.useSearch().window ?? 'hour'
  const { state, retry } = usePolledReads(rankBy, overview)
  return <AudienceReport state={state} window={rankBy} onRetry={retry} />
}

const overview = (rankBy: string) => withAudience((client) => client.overview(rankBy as AudienceWindow))
