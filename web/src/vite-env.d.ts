/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Origin of the API when the web app is served from another host, e.g.
   * `VITE_API_BASE=https://dash.example.com npm run build -w web`. Empty: same origin.
   */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
