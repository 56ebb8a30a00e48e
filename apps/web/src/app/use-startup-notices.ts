import { IOS_MIN_VERSION } from '@encore/contract';
import { useEffect } from 'react';
import { useConfig } from '../lib/config/config-context.tsx';
import { needsIosUpdate } from '../lib/device/ios-version.ts';
import { useNoticeStore } from '../lib/store/notice-store.ts';

/** Once per load: the maintenance notice (DEV-07), else the iOS update notice below 13.6.0 (DEV-08). */
export function useStartupNotices(): void {
  const { features } = useConfig();
  useEffect(() => {
    const { showNotice } = useNoticeStore.getState();
    if (features.maintenance) showNotice('maintenance');
    else if (needsIosUpdate(navigator.userAgent, IOS_MIN_VERSION)) showNotice('ios-update');
  }, [features.maintenance]);
}
