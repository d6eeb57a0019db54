import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The reader build (docs/decisions/031-islands.md): what a document the service renders may load,
// beside the app's own build (vite.config.ts, the admin and the pages the whole app takes over).
// Three entries: every document's own small script (plain, no framework), the islands' client entry,
// which imports React DOM and each island's own chunk only when an island hydrates, and the read
// beacon, a plain module. Written into dist/ with the app;
// its manifest tells the renderer their addresses (scripts/build.mjs moves it to dist-server/).

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

export default defineConfig({
  plugins: [stylesFromTheApp(), react()],
  publicDir: false,
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: 'dist',
    emptyOutDir: false,
    manifest: 'reader-manifest.json',
    rolldownOptions: {
      input: { pageScript: 'src/islands/pageScript.ts', islands: 'src/islands/client.ts', readBeacon: 'src/islands/readBeacon.ts' },
    },
  },
})
