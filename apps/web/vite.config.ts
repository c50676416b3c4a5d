import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development, API calls and the session endpoints go to the API server.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The DSFR assets are copied into public/dsfr by `npm run dsfr` (predev/prebuild).
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/deconnexion': apiOrigin,
      '/healthz': apiOrigin,
      // GET /connexion is the SPA's login page; POST /connexion signs in on the API server.
      '/connexion': {
        target: apiOrigin,
        bypass: (req) => (req.method === 'GET' ? req.url : undefined),
      },
    },
  },
});
