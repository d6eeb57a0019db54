import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The reader build (docs/decisions/031-islands.md): what a document the service renders may load,
// beside the app's own build (vite.config.ts, the admin and the pages the whole app takes over).
// Two entries: the islands' client entry, which imports React DOM and each island's own chunk only
// when an island hydrates, and the read beacon, a plain module. Every document's own small script
// (src/islands/pageScript.ts) is built alone by the same config (READER_BUILD=page), so it is one
// file that shares no chunk with the islands and asks for nothing more. Written into dist/ with the
// app; the manifests tell the renderer their addresses (scripts/build.mjs joins them in dist-server/).

/**
 * Islands are components, and components import their stylesheets; the app's one stylesheet already
 * has every rule (decision 030), so here an import of CSS is nothing.
 */
function stylesFromTheApp(): Plugin {
  const empty = '\0reader-build-empty-css'
  return {
    name: 'resonance:styles-from-the-app',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith('.css') ? empty : null),
    load: (id) => (id === empty ? 'export {}' : null),
  }
}

const pageScriptAlone = process.env.READER_BUILD === 'page'

export default defineConfig({
  plugins: [stylesFromTheApp(), react()],
  publicDir: false,
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: 'dist',
    emptyOutDir: false,
    manifest: pageScriptAlone ? 'page-manifest.json' : 'reader-manifest.json',
    rolldownOptions: {
      input: pageScriptAlone ? { pageScript: 'src/islands/pageScript.ts' } : { islands: 'src/islands/client.ts', readBeacon: 'src/islands/readBeacon.ts' },
    },
  },
})
