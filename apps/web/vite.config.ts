import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // Relative assets: the server injects <base href> with the configured BASE_PATH.
  base: './',
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: their own chunks stay cached across
        // releases (assets are served immutable).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/ },
            { name: 'librairies', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
    // The component library alone is ~1 MB minified (~300 kB compressed), loaded once per
    // release on an intranet; splitting it further buys nothing.
    chunkSizeWarningLimit: 1200,
  },
  server: { proxy: { '/webdeb/rest': 'http://localhost:8080' } },
});
