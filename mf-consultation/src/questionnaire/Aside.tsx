import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { DateText, Tabs } from '@agora/platform';
import type { AnswerLayer, Questionnaire, QuestionnaireAttribute } from './types';

export interface AsideProps {
  data: Questionnaire;
  basePath: string;
  /** the answer layers offered, and which are checked */
  layers: readonly AnswerLayer[];
  checked: Readonly<Record<AnswerLayer, boolean>>;
  onLayer: (layer: AnswerLayer, on: boolean) => void;
  /** how many answers the layer of all answers holds when it is too large to draw at first (else null) */
  largeLayer?: number | null;
  /** attributes whose layer is switched off */
  hidden: ReadonlySet<string>;
  onVisible: (attribute: string, visible: boolean) => void;
  onSelect: (attribute: QuestionnaireAttribute) => void;
  /** the attribute being worked on */
  current: string | null;
  /** extra content at the end (the share widget) */
  footer?: React.ReactNode;
  /** the Data tab (experts and staff): the aside becomes two tabs, the questionnaire and the data */
  dataTab?: ReactNode;
}

/** A link to a thread of the site's forum (`/forum/{id}`). */
function ForumLink({ id, basePath, label }: { id: number | null; basePath: string; label: string }) {
  if (id === null) return null;
  return (
    <Link to={`${basePath}/forum/${id}`} className="cons-forum-link">
      {label}
    </Link>
  );
}

/**
 * The questionnaire's aside (spec part 2 §2): the category and project, the legislation links, the forum link,
 * the answer layers, and the topics, each a button that expands to its attributes: a button (icon and name) that
 * selects it, and a switch that shows or hides its layer.
 */
export function Aside(props: AsideProps) {
  const { data, basePath } = props;
  const intl = useIntl();
  const [open, setOpen] = useState<string | null>(data.topics[0]?.token ?? null);
  const [tab, setTab] = useState(0);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `consultation.questionnaire.${id}` }, values);

  const questionnaire = (
    <>
      <section className="cons-aside-block" aria-labelledby="cons-category-title">
        <p className="cons-overline">{t('category')}</p>
        <p id="cons-category-title" className="cons-aside-title">
          {data.category.title}
        </p>
        {data.category.summary && <p className="cons-summary">{data.category.summary}</p>}
      </section>
      <section className="cons-aside-block" aria-labelledby="cons-project-title">
        <p className="cons-overline">{t('project')}</p>
        <h2 id="cons-project-title" className="cons-aside-title">
          {data.project.title}
        </h2>
        {data.project.summary && <p className="cons-summary">{data.project.summary}</p>}
        <p className="cons-dates">
          <FormattedMessage
            id="consultation.questionnaire.dates"
            values={{
              start: <DateText value={data.project.start_date} />,
              end: <DateText value={data.project.end_date} />,
            }}
          />
        </p>
        {data.project.legislation.length > 0 && (
          <>
            <h2 className="cons-subtitle">{t('legislation')}</h2>
            <ul className="cons-links">
              {data.project.legislation.map((l) => (
                <li key={`${l.title}-${l.file}`}>
                  <a href={l.file} target="_blank" rel="noreferrer">
                    {l.title}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        <ForumLink id={data.project.forum_topic_id} basePath={basePath} label={t('forum')} />
      </section>

      <fieldset className="cons-aside-block cons-layers" data-testid="answer-layers">
        <legend className="cons-subtitle">{t('layers.title')}</legend>
        {props.layers.map((layer) => (
          <label key={layer} className="cons-check">
            <input
              type="checkbox"
              checked={props.checked[layer]}
              onChange={(e) => props.onLayer(layer, e.target.checked)}
              data-testid={`layer-${layer}`}
            />
            {t(`layers.${layer}`)}
          </label>
        ))}
        {props.largeLayer != null && !props.checked.all && (
          <p className="cons-hint" data-testid="layer-all-large">
            {t('layers.large', { count: props.largeLayer })}
          </p>
        )}
      </fieldset>

      <nav className="cons-aside-block" aria-label={t('topics')}>
        <h2 className="cons-subtitle">{t('topics')}</h2>
        <ul className="cons-topics">
          {data.topics.map((topic) => {
            const expanded = open === topic.token;
            const listId = `cons-topic-${topic.token}`;
            return (
              <li key={topic.token} className="cons-topic">
                <button
                  type="button"
                  className="cons-topic-button"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => setOpen(expanded ? null : topic.token)}
                  data-testid={`topic-${topic.mname}`}
                >
                  <span
                    className="cons-topic-swatch"
                    style={{ background: topic.geom_color || '#4a5568' }}
                    aria-hidden="true"
                  />
                  {topic.title}
                </button>
                <ul id={listId} className="cons-attributes" hidden={!expanded}>
                  {topic.description && <li className="cons-summary">{topic.description}</li>}
                  {topic.attributes.map((attribute) => {
                    const visible = !props.hidden.has(attribute.token);
                    return (
                      <li key={attribute.token} className="cons-attribute">
                        <button
                          type="button"
                          className="cons-attribute-button"
                          aria-current={props.current === attribute.token ? 'true' : undefined}
                          onClick={() => props.onSelect(attribute)}
                          data-testid={`attribute-${attribute.mname}`}
                        >
                          {attribute.icon ? (
                            <img src={attribute.icon} alt="" width={28} height={28} />
                          ) : (
                            <span
                              className="cons-topic-swatch"
                              style={{ background: attribute.geom_color || topic.geom_color || '#1a56db' }}
                              aria-hidden="true"
                            />
                          )}
                          <span>{attribute.name}</span>
                        </button>
                        <label className="cons-switch">
                          <input
                            type="checkbox"
                            role="switch"
                            checked={visible}
                            onChange={(e) => props.onVisible(attribute.token, e.target.checked)}
                            data-testid={`visible-${attribute.mname}`}
                          />
                          <span className="ag-visually-hidden">
                            {t('showLayer', { name: attribute.name })}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                  {topic.relative_documents.map((d) => (
                    <li key={`${d.title}-${d.file}`}>
                      <a href={d.file} target="_blank" rel="noreferrer">
                        {d.title}
                      </a>
                    </li>
                  ))}
                  {topic.forum_topic_id !== null && (
                    <li>
                      <ForumLink
                        id={topic.forum_topic_id}
                        basePath={basePath}
                        label={t('topicForum', { title: topic.title })}
                      />
                    </li>
                  )}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      {props.footer}
    </>
  );
  return (
    <div className="cons-aside-body">
      {props.dataTab ? (
        <Tabs
          tabs={[
            {
              key: 'questionnaire',
              label: intl.formatMessage({ id: 'consultation.data.tab.questionnaire' }),
            },
            { key: 'data', label: intl.formatMessage({ id: 'consultation.data.tab.data' }) },
          ]}
          active={tab}
          onSelect={setTab}
          label={intl.formatMessage({ id: 'consultation.data.tab.label' })}
          testId="aside-tabs"
        >
          {tab === 0 ? questionnaire : props.dataTab}
        </Tabs>
      ) : (
        questionnaire
      )}
    </div>
  );
}
