import { describe, expect, it } from 'vitest'
import { contentConfig, defaultApiVersion } from './contentConfig.ts'

describe('contentConfig', () => {
  it('reads the embedded service on the page origin by default', () => {
    expect(contentConfig({}, 'http://localhost:3000/')).toEqual({
      projectId: 'resonance',
      dataset: 'production',
      apiVersion: defaultApiVersion,
      apiHost: 'http://localhost:3000',
      imageBaseUrl: '',
    })
  })

  it('talks to a hosted Sanity project when only a project id is configured', () => {
    const config = contentConfig({ VITE_SANITY_PROJECT_ID: 'abc123', VITE_SANITY_DATASET: 'staging' }, 'http://localhost:3000')
    expect(config.apiHost).toBeNull()
    expect(config.projectId).toBe('abc123')
    expect(config.dataset).toBe('staging')
    expect(config.imageBaseUrl).toBe('https://cdn.sanity.io')
  })

  it('uses an explicit API host over the page origin', () => {
    expect(contentConfig({ VITE_SANITY_API_HOST: 'http://content.internal:4000' }, 'http://localhost:3000').apiHost).toBe('http://content.internal:4000')
  })
})
