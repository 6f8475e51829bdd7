import type { Config } from '@react-router/dev/config';

/** Server-rendered, hydrated; the app's route modules live under src/ (see src/routes.ts). */
export default {
  appDirectory: 'src',
  ssr: true,
  buildDirectory: 'build',
  serverModuleFormat: 'esm',
} satisfies Config;
