import type { ErrorComponentProps } from '@tanstack/react-router'
import { ListingError } from '../components/listings/ListingError.tsx'
import { errorMessage } from '../content/listings/listings.ts'
import { useRetry } from './-retry.ts'

/** The error screen of every listing route: the reason, and Try again reloads the route's data. */
export function ListingLoadError({ error }: ErrorComponentProps) {
  return <ListingError message={errorMessage(error)} onRetry={useRetry()} />
}
