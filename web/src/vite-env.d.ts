/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SIGN_SECRET: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
