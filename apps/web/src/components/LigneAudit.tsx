import type { Audit } from '@debarras/domain';
import { Typography } from 'antd';
import { formaterDateHeure } from '../lib/dates';

/** Who created and last changed a record, once it is saved (docs/regles.md « Comportement général »). */
export function LigneAudit({ audit }: { audit: Partial<Audit> | undefined }) {
  if (!audit?.createdDate) return null;
  return (
    <Typography.Text type="secondary" className="ligne-audit">
      Créé le {formaterDateHeure(audit.createdDate)} par {audit.createdBy}
      {audit.lastModifiedDate && ` — Modifié le ${formaterDateHeure(audit.lastModifiedDate)} par ${audit.lastModifiedBy}`}
    </Typography.Text>
  );
}
