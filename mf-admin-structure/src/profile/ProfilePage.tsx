import { useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONSULTATION_ROLES, type ConsultationRole } from '@agora/contracts';
import { PageHeader } from '@agora/platform';
import { useActiveCategory, WithActiveCategory } from '../shared';
import { QuestionList } from './QuestionList';
import '../variable/variable.css';
import './profile.css';

/**
 * `/admin/administration/profile`: the consultation-profile questions of the active category, one tab per role
 * (expert, normal). Without an active category: the 'please check or create a category' prompt.
 */
export default function ProfilePage({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const active = useActiveCategory();
  const [role, setRole] = useState<ConsultationRole>('expert');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = CONSULTATION_ROLES.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    setRole(CONSULTATION_ROLES[to] as ConsultationRole);
    tabs.current[to]?.focus();
  };

  return (
    <section className="st-profile" data-testid="profile-page">
      <PageHeader title={<FormattedMessage id="structure.profile.title" />} />
      <WithActiveCategory active={active} basePath={basePath}>
        {(category) => (
          <>
            <p className="st-muted" data-testid="profile-category">
              <FormattedMessage id="structure.profile.category" values={{ title: category.title }} />
            </p>
            <div
              className="st-tabs"
              role="tablist"
              aria-label={intl.formatMessage({ id: 'structure.profile.roles' })}
            >
              {CONSULTATION_ROLES.map((r, i) => (
                <button
                  key={r}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`profile-tab-${r}`}
                  aria-selected={r === role}
                  aria-controls={`profile-panel-${r}`}
                  tabIndex={r === role ? 0 : -1}
                  className={`st-tab${r === role ? ' is-active' : ''}`}
                  onClick={() => setRole(r)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  data-testid={`profile-tab-${r}`}
                >
                  <FormattedMessage id={`structure.profile.role.${r}`} />
                </button>
              ))}
            </div>
            <div
              role="tabpanel"
              id={`profile-panel-${role}`}
              aria-labelledby={`profile-tab-${role}`}
              className="st-tab-panel"
            >
              <QuestionList key={`${category.token}-${role}`} category={category.token} role={role} />
            </div>
          </>
        )}
      </WithActiveCategory>
    </section>
  );
}
