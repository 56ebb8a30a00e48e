import type { Vendor } from '@encore/contract';
import { useState } from 'react';

/** The vendor's logo, or its initial when there is none or the image fails to load. */
export function VendorLogo({ vendor, size = 28 }: { vendor: Vendor; size?: number }) {
  const [failed, setFailed] = useState(!vendor.logo);
  if (failed) {
    return (
      <span
        className="vendor-logo vendor-logo--initial"
        style={{ width: size, height: size }}
        aria-hidden="true"
      >
        {vendor.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="vendor-logo"
      src={vendor.logo}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
