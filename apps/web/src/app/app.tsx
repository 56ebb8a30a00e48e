import type { ClientConfig } from '@encore/contract';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { ConfigProvider } from '../lib/config/config-context.tsx';
import { AppRoutes } from './app-routes.tsx';

export function App({ config }: { config: ClientConfig }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        {/* The QueryClientProvider wraps each lazy part that uses queries (lib/query-root.tsx). */}
        <BrowserRouter basename={import.meta.env.BASE_URL}>
          <AppRoutes />
        </BrowserRouter>
      </ConfigProvider>
    </StrictMode>
  );
}
