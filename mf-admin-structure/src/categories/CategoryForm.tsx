import { FormattedMessage } from 'react-intl';
import { Checkbox, client, SubmitForm, TextArea, useForm, useNotify } from '@agora/platform';
import { useDerivedShortName } from '../shared';
import { FormEnd, SummaryFields } from '../projects/fields';
import { sendForm, useRevalidateStructure, useSending, useServerError } from '../projects/formSubmit';
import '../projects/projects.css';
import type { CategoryAnswer } from '@agora/contracts/api';

export interface CategoryValues extends Record<string, string | boolean> {
  title: string;
  mname: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  autosubscribe: boolean;
  forum_welcome_message: string;
  active: boolean;
}

/** Fields that show a server refusal under themselves. */
const INLINE = ['title', 'mname', 'summary', 'forum_welcome_message'];

export function categoryValues(c: CategoryAnswer | null): CategoryValues {
  return {
    title: c?.title ?? '',
    mname: c?.mname ?? '',
    summary: c?.summary ?? '',
    summary_img: c?.summary_img ?? '',
    summary_img_alt: c?.summary_img_alt ?? '',
    autosubscribe: c?.autosubscribe ?? false,
    forum_welcome_message: c?.forum_welcome_message ?? '',
    active: c?.active ?? false,
  };
}

/**
 * The category add/edit form (spec part 2 §2-§5): server rules of the `category` scope, the short name derived
 * from the title while adding, the summary image from the library, and two buttons: 'Save' and 'Save and make
 * Active' (which also makes it the only active category). A create POSTs everything; an edit PUTs only what
 * changed.
 */
export function CategoryForm({
  category,
  onSaved,
}: {
  category: CategoryAnswer | null;
  onSaved: (saved: CategoryAnswer | null, sent: Partial<CategoryValues>) => void;
}) {
  const notify = useNotify();
  const mode = category ? 'put' : 'post';
  const form = useForm<CategoryValues>({ scope: 'category', mode, initial: categoryValues(category) });
  const names = useDerivedShortName(form, mode === 'post');

  const sending = useSending();
  const revalidate = useRevalidateStructure();
  const server = useServerError(form.values, INLINE);
  const save = (makeActive: boolean) =>
    sending.run(() =>
      sendForm<CategoryValues, CategoryAnswer>(form, {
        ...(category
          ? {
              mode: 'put',
              send: (body) =>
                client.PUT('/api/category/token/{token}', {
                  params: { path: { token: category.token } },
                  body,
                }),
            }
          : { mode: 'post', send: (body) => client.POST('/api/category', { body }) }),
        extra: makeActive ? { active: true } : undefined,
        notify,
        onRefused: server.record,
        onSaved: (answer, sent) => {
          server.clear();
          revalidate();
          onSaved(answer, sent);
        },
      }),
    );

  return (
    <SubmitForm className="st-form" data-testid="category-form" onSubmit={() => save(false)}>
      <SummaryFields
        scope="categories"
        names={names}
        field={(name) => form.field<string>(name)}
        errorFor={server.errorFor}
      />
      <Checkbox
        {...form.field<boolean>('autosubscribe')}
        label={<FormattedMessage id="structure.categories.field.autosubscribe" />}
      />
      <TextArea
        {...form.field<string>('forum_welcome_message')}
        errorText={server.errorFor('forum_welcome_message')}
        label={<FormattedMessage id="structure.categories.field.welcome" />}
      />
      <Checkbox
        {...form.field<boolean>('active')}
        label={<FormattedMessage id="structure.categories.field.active" />}
      />
      <FormEnd general={server.general} busy={sending.busy} dirty={form.dirty} saveTestId="category-save">
        <button
          type="button"
          className="ag-button"
          disabled={sending.busy}
          onClick={() => void save(true)}
          data-testid="category-save-active"
        >
          <FormattedMessage id="structure.categories.saveActive" />
        </button>
      </FormEnd>
    </SubmitForm>
  );
}
