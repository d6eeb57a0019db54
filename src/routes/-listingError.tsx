import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ListingError } from '../components/listings/ListingError.tsx'
import { errorMessage } from '../content/listings/listings.ts'

/** The error screen of every listing route: the reason, and Try again reloads the route's data. */
export function ListingLoadError({ error }: ErrorComponentProps) {
  const router = useRouter()
  return <ListingError message={errorMessage(error)} onRetry={() => void router.invalidate()} />
}
