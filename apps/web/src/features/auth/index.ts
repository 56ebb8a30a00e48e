export { AccountNav } from './components/account-nav.tsx';
export { AuthModalHost, preloadAuthModals } from './components/auth-modal-host.tsx';
export { SessionSync } from './components/session-sync.tsx';
export { useSignOut } from './hooks/use-sign-out.ts';
