import { Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTitreOnglet } from '../lib/titre';

/** A screen's heading, also written in the browser tab (`onglet`, shorter, when the heading is long). */
export function TitrePage({ children, onglet, style }: { children: string; onglet?: string; style?: CSSProperties }) {
  useTitreOnglet(onglet ?? children);
  return (
    <Typography.Title level={3} style={style}>
      {children}
    </Typography.Title>
  );
}
