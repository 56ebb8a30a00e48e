import type { ClientConfig } from '@encore/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_CONFIG } from './client-config.ts';

const ConfigContext = createContext<ClientConfig>(DEFAULT_CONFIG);

export function ConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

export function useConfig(): ClientConfig {
  return useContext(ConfigContext);
}
