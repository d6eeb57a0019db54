import { useRouter } from '@tanstack/react-router'

/**
 * Try again, on a page whose data failed to load: invalidating reruns the route's loaders, which
 * also resets the error boundary that shows the failure.
 */
export function useRetry(): () => void {
  const router = useRouter()
  return () => void router.invalidate()
}
