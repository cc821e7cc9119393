import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeader, Tabs } from '@agora/platform';
import { EmailTab } from './EmailTab';
import { InstructionsTab } from './InstructionsTab';
import { InvitationsTab } from './InvitationsTab';
import './invitations.css';

const TABS = ['invitations', 'email', 'instructions'] as const;

/** /admin/administration/invitations: the invitations panel of spec part 2 (tabs invitations, email, instructions). */
export default function InvitationsPage({ basePath = '' }: { basePath?: string }) {
  const intl = useIntl();
  const [active, setActive] = useState(0);
  const tab = TABS[active] ?? 'invitations';
  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="members.invitations.title" />} />
      <Tabs
        tabs={TABS.map((t) => ({
          key: t,
          label: <FormattedMessage id={`members.invitations.tab.${t}`} />,
          testId: `invitations-tab-${t}`,
        }))}
        active={active}
        onSelect={setActive}
        label={intl.formatMessage({ id: 'members.invitations.title' })}
      >
        {tab === 'invitations' && <InvitationsTab />}
        {tab === 'email' && <EmailTab basePath={basePath} />}
        {tab === 'instructions' && <InstructionsTab />}
      </Tabs>
    </section>
  );
}
