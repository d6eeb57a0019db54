// Where the front end reads content from. By default the embedded content service on the page's own
// origin; a hosted Sanity project by configuration alone (VITE_SANITY_* at build time).

export interface ContentConfig {
  projectId: string
  dataset: string
  apiVersion: string
  /** Set for the embedded service (same origin or an explicit host); unset for hosted Sanity. */
  apiHost: string | null
  /** Where images come from: '' (this origin) for the embedded service, Sanity's CDN when hosted. */
  imageBaseUrl: string
}

export interface ContentEnv {
  VITE_SANITY_PROJECT_ID?: string
  VITE_SANITY_DATASET?: string
  VITE_SANITY_API_VERSION?: string
  VITE_SANITY_API_HOST?: string
}

/** The API version the spec's calls are dated with. */
export const defaultApiVersion = '2023-05-03'

export function contentConfig(env: ContentEnv, origin: string): ContentConfig {
  const hosted = Boolean(env.VITE_SANITY_PROJECT_ID) && !env.VITE_SANITY_API_HOST
  return {
    projectId: env.VITE_SANITY_PROJECT_ID || 'resonance',
    dataset: env.VITE_SANITY_DATASET || 'production',
    apiVersion: env.VITE_SANITY_API_VERSION || defaultApiVersion,
    apiHost: hosted ? null : (env.VITE_SANITY_API_HOST || origin).replace(/\/$/, ''),
    imageBaseUrl: hosted ? 'https://cdn.sanity.io' : (env.VITE_SANITY_API_HOST ?? '').replace(/\/$/, ''),
  }
}
