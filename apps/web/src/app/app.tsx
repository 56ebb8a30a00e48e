import type { ClientConfig } from '@encore/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { ConfigProvider } from '../lib/config/config-context.tsx';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './app-routes.tsx';

export function App({ config }: { config: ClientConfig }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={import.meta.env.BASE_URL}>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
