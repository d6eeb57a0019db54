import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The content service serves the built app and the API on one origin. In `vite` dev mode the API
// lives on the service (npm run serve, port 3000), so those paths are proxied to it.
const service = process.env.RESONANCE_SERVICE_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Loaders stay in the main bundle by default. The admin's load the editor's session and
        // client, which no reader should download, so under /admin they are split off too.
        splitBehavior: ({ routeId }) =>
          routeId.startsWith('/admin') ? [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] : undefined,
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
  build: {
    target: 'es2022',
    sourcemap: true,
  },
})
