import { paths } from './routes';

/** The header colour of index.html, the installed app's title bar and its icons. */
export const THEME_COLOR = '#1c7ed6';
export const SHORT_NAME = 'Задачи';

const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${file}`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

/**
 * The web app manifest (served at /manifest.webmanifest). The name is the shop's
 * APP_NAME, so it is built per server rather than shipped as a static file.
 */
export function webManifest(appName: string) {
  return {
    id: paths.app,
    name: appName,
    short_name: SHORT_NAME,
    description: 'Гарантийные заявки, задачи и клиенты сервисного центра',
    lang: 'ru',
    dir: 'ltr',
    start_url: paths.work,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      icon('icon-192.png', 192, 'any'),
      icon('icon-512.png', 512, 'any'),
      icon('maskable-192.png', 192, 'maskable'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
    shortcuts: [
      { name: 'Новая заявка', url: paths.ticketNew },
      { name: 'Новая задача', url: paths.taskNew },
    ],
  };
}
