import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The content service serves the built app and the API on one origin. In `vite` dev mode the API
// lives on the service (npm run serve, port 3000), so those paths are proxied to it.
const service = process.env.RESONANCE_SERVICE_URL ?? 'http://127.0.0.1:3000'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Loaders stay in the main bundle by default. The admin's load the editor's session and
        // client, which no reader should download, so under /admin they are split off too. A route's
        // error and not-found views are small and load with its page: one file per route instead of
        // three, each named in the main bundle (decision 018).
        splitBehavior: ({ routeId }) =>
          routeId.startsWith('/admin') ? [['loader', 'component', 'errorComponent', 'notFoundComponent'], ['pendingComponent']] : [['component', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
  ],
  server: {
    proxy: {
      '^/v(1|X|\\d{4}-\\d{2}-\\d{2})/': { target: service, changeOrigin: true },
      '/images/': { target: service, changeOrigin: true },
      '/files/': { target: service, changeOrigin: true },
      '/auth/': { target: service, changeOrigin: true },
    },
  },
  // The server build (dist-server/, for the content service to render pages) needs no public files.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    target: 'es2022',
    sourcemap: true,
    // One stylesheet for the whole app. A page the service rendered must be fully styled when it
    // first paints; with per-route files, a route's styles would arrive only with its script.
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Everything the entry imports statically in one file: the first view needs all of it,
            // and one request beats some fifty small ones. Lazy routes stay separate chunks. The entry
            // itself stays out: a group that takes it in leaves an entry file that runs nothing.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/main.tsx') }] },
          },
        },
  },
}))
