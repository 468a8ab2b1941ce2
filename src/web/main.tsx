import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../domain/zod-ru';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { useAppName } from './lib/session';

function DocumentTitle() {
  const appName = useAppName();
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <DocumentTitle />
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
