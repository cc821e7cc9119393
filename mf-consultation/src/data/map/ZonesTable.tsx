import { useIntl } from 'react-intl';
import type { ZonesAnswer } from './api';

/** The counts per zone (topics with a boundary, drawn polygons) as a table: answers, respondents, weighted. */
export function ZonesTable({ zones, failed }: { zones: ZonesAnswer | undefined; failed: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `consultation.analytics.zones.${id}` }, values);
  const cell = (n: number | null, weighted = false) =>
    n === null
      ? t('hidden')
      : intl.formatNumber(n, weighted ? { maximumFractionDigits: 1 } : { maximumFractionDigits: 0 });
  if (failed)
    return (
      <p className="cons-hint" role="alert" data-testid="zones-failed">
        {t('failed')}
      </p>
    );
  if (!zones) return null;
  if (zones.zones.length === 0)
    return (
      <p className="cons-hint" data-testid="zones-none">
        {t('none')}
      </p>
    );
  return (
    // it scrolls sideways on a phone: focusable, so that the keyboard can scroll it too
    <div className="cons-zones" role="region" aria-label={t('caption')} tabIndex={0}>
      <table className="ag-table cons-zones-table" data-testid="zones-table">
        <caption>{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('zone')}</th>
            <th scope="col">{t('answers')}</th>
            <th scope="col">{t('respondents')}</th>
            <th scope="col">{t('weighted')}</th>
          </tr>
        </thead>
        <tbody>
          {zones.zones.map((zone) => (
            <tr key={`${zone.kind}-${zone.id}`} data-testid={`zone-${zone.kind}-${zone.id}`}>
              <th scope="row">
                {zone.kind === 'filter' ? t('area', { n: zone.id, label: zone.label }) : zone.label}
              </th>
              <td>{cell(zone.answers)}</td>
              <td>{cell(zone.respondents)}</td>
              <td>{cell(zone.weighted, true)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {zones.suppressed && (
        <p className="cons-hint" data-testid="zones-suppressed">
          {t('suppressed', { k: zones.min_cell })}
        </p>
      )}
    </div>
  );
}
