import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LOCALES, type Locale } from '../locale';
import { Tabs } from './Tabs';

export interface LocaleTabsProps {
  /** the locale whose panel is shown */
  locale: Locale;
  onSelect: (locale: Locale) => void;
  /** the tab list's accessible name (what the locales are of: "Language of the text") */
  label: string;
  /** locales with unsaved changes: their tab is marked with a bullet */
  edited?: readonly Locale[];
  /** the active locale's fields */
  children: ReactNode;
}

/**
 * One tab per site locale (Greek, English, in the site's order) over the fields of a text kept in each of them;
 * the tabs are named in the interface language and carry `data-testid="locale-tab-<locale>"`.
 */
export function LocaleTabs({ locale, onSelect, label, edited = [], children }: LocaleTabsProps) {
  const intl = useIntl();
  const tabs = LOCALES.map((l) => ({
    key: l,
    label: `${intl.formatMessage({ id: `platform.locale.${l}` })}${edited.includes(l) ? ' •' : ''}`,
    testId: `locale-tab-${l}`,
  }));
  return (
    <Tabs
      tabs={tabs}
      active={LOCALES.indexOf(locale)}
      onSelect={(i) => onSelect(LOCALES[i] ?? locale)}
      label={label}
    >
      {children}
    </Tabs>
  );
}
