import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:8080';
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${srcDir}/` },
      // The default build injects its CSS through a <style> tag at run time, which a strict CSP
      // blocks. Every `import … from 'react-toastify'` gets the unstyled build (one toast store),
      // and the stylesheet is bundled from index.css instead.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  server: {
    proxy: {
      '/public': apiTarget,
      '/admin/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // zod's comments confuse Rollup (INVALID_ANNOTATION): a warning about a dependency that
      // nobody here can act on, printed at every build of `npm start`.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          // zod comes with the contract on the first request, not with the first screen.
          if (/node_modules\/zod\//.test(id)) return 'zod';
          if (/node_modules\/(@tanstack|react-toastify)\//.test(id)) return 'data';
          return undefined;
        },
      },
    },
  },
});
