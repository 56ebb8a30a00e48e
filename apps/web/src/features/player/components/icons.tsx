// Control-bar icons: inline SVG so that the bar needs no icon font or extra request.
const base = { width: 22, height: 22, viewBox: '0 0 24 24', focusable: false } as const;
/** The outlined icons' stroke. */
const line = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' } as const;

export const PlayIcon = () => (
  <svg {...base} aria-hidden="true">
    <path
      fill="currentColor"
      d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z"
    />
  </svg>
);
export const PauseIcon = () => (
  <svg {...base} aria-hidden="true">
    <rect fill="currentColor" x="6" y="5" width="4" height="14" rx="1.2" />
    <rect fill="currentColor" x="14" y="5" width="4" height="14" rx="1.2" />
  </svg>
);
export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <svg {...base} aria-hidden="true">
    <path
      fill="currentColor"
      d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6A1 1 0 0 0 14 18.3V5.7a1 1 0 0 0-1.7-.8L8 8.5H5a1 1 0 0 0-1 1Z"
    />
    {muted ? (
      <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m17 9.5 5 5m0-5-5 5" />
    ) : (
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M17 8.5a5 5 0 0 1 0 7M19.5 6a8.5 8.5 0 0 1 0 12"
      />
    )}
  </svg>
);
export const CaptionsIcon = () => (
  <svg {...base} aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
    <path {...line} d="M10 10.5a2 2 0 1 0 0 3m6-3a2 2 0 1 0 0 3" />
  </svg>
);
export const QualityIcon = () => (
  <svg {...base} aria-hidden="true">
    <path {...line} d="M4 7h9m4 0h3M4 17h3m4 0h9M13 4.5v5M7 14.5v5" />
  </svg>
);
export const CastIcon = () => (
  <svg {...base} aria-hidden="true">
    <path
      {...line}
      d="M3 8V6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5H14M3 12a7 7 0 0 1 7 7M3 15.5A3.5 3.5 0 0 1 6.5 19"
    />
    <circle cx="3.5" cy="18.5" r="1.3" fill="currentColor" />
  </svg>
);
export const FullscreenIcon = ({ active }: { active: boolean }) => (
  <svg {...base} aria-hidden="true">
    <path
      {...line}
      d={
        active
          ? 'M9 4v3.5A1.5 1.5 0 0 1 7.5 9H4m11-5v3.5A1.5 1.5 0 0 0 16.5 9H20M9 20v-3.5A1.5 1.5 0 0 0 7.5 15H4m11 5v-3.5a1.5 1.5 0 0 1 1.5-1.5H20'
          : 'M4 9V5.5A1.5 1.5 0 0 1 5.5 4H9m6 0h3.5A1.5 1.5 0 0 1 20 5.5V9M4 15v3.5A1.5 1.5 0 0 0 5.5 20H9m6 0h3.5a1.5 1.5 0 0 0 1.5-1.5V15'
      }
    />
  </svg>
);
export const GridIcon = () => (
  <svg {...base} aria-hidden="true">
    <path
      fill="currentColor"
      d="M4 5.5A1.5 1.5 0 0 1 5.5 4h4A1.5 1.5 0 0 1 11 5.5v4A1.5 1.5 0 0 1 9.5 11h-4A1.5 1.5 0 0 1 4 9.5v-4Zm9 0A1.5 1.5 0 0 1 14.5 4h4A1.5 1.5 0 0 1 20 5.5v4a1.5 1.5 0 0 1-1.5 1.5h-4A1.5 1.5 0 0 1 13 9.5v-4Zm-9 9A1.5 1.5 0 0 1 5.5 13h4a1.5 1.5 0 0 1 1.5 1.5v4A1.5 1.5 0 0 1 9.5 20h-4A1.5 1.5 0 0 1 4 18.5v-4Zm9 0a1.5 1.5 0 0 1 1.5-1.5h4a1.5 1.5 0 0 1 1.5 1.5v4a1.5 1.5 0 0 1-1.5 1.5h-4a1.5 1.5 0 0 1-1.5-1.5v-4Z"
    />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base} aria-hidden="true">
    <path stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="m6 6 12 12M18 6 6 18" />
  </svg>
);
