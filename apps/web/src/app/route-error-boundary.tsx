import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';

/**
 * A lazy route whose chunk failed or timed out (LAND-05) shows a retry notice instead of a blank page.
 * React keeps a failed lazy import, so retrying reloads the page.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('[route] failed to load', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteLoadFailed /> : this.props.children;
  }
}

function RouteLoadFailed() {
  const { t } = useTranslation();
  return (
    <section className="route-error" role="alert" data-testid="route-load-error">
      <h1 className="route-error__title">{t('route-load-failed-title')}</h1>
      <p className="route-error__text">{t('route-load-failed')}</p>
      <Button
        variant="secondary"
        size="lg"
        onClick={() => window.location.reload()}
        data-testid="route-retry"
      >
        {t('route-retry')}
      </Button>
    </section>
  );
}
