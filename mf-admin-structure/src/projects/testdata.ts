// Data for the web tests of the category and project screens.
import type { ScopeRules } from '@agora/contracts';
import type { CategoryAnswer, ProjectAnswer } from '@agora/contracts/api';

export const TOKEN_C1 = '11111111-1111-4111-8111-111111111111';
export const TOKEN_C2 = '22222222-2222-4222-8222-222222222222';
export const TOKEN_P1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const TOKEN_P2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const category = (n: 1 | 2, extra: Partial<CategoryAnswer> = {}): CategoryAnswer => ({
  token: n === 1 ? TOKEN_C1 : TOKEN_C2,
  mname: `cat${n}`,
  title: `Category ${n}`,
  summary: `About category ${n}`,
  summary_img: n === 1 ? '/files/c1.jpg' : '',
  summary_img_alt: n === 1 ? 'harbour' : '',
  active: n === 1,
  autosubscribe: false,
  forum_welcome_message: '',
  has_answered: false,
  consultation: false,
  sort_order: n,
  projects: [],
  ...extra,
});

export const project = (n: 1 | 2, extra: Partial<ProjectAnswer> = {}): ProjectAnswer => ({
  token: n === 1 ? TOKEN_P1 : TOKEN_P2,
  mname: `proj${n}`,
  title: `Project ${n}`,
  summary: '',
  summary_img: '',
  summary_img_alt: '',
  start_date: '2026-03-01',
  end_date: '2026-12-31',
  retention_days: null,
  personal_links_removed_at: null,
  public_date: null,
  is_public: false,
  active: true,
  max_bytes: 10485760,
  zoom: 12,
  center: { lat: 40.63, lng: 22.94 },
  wms_services: [],
  legislation: [],
  open_data_free_text: false,
  erase_answers_on_account_deletion: false,
  open_data_grid_m: 50,
  forum_topic_id: null,
  forum_topic_url: null,
  sort_order: n,
  category: { token: TOKEN_C1, mname: 'cat1', title: 'Category 1' },
  ...extra,
});

const mnameRule = { required: true, max_size: 60, validation: '[a-z0-9][a-z0-9_-]*', unique: true };

export const CATEGORY_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname: mnameRule,
  summary: { max_size: 4000 },
};

export const PROJECT_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname: mnameRule,
  summary: { max_size: 4000 },
  max_bytes: { required: true, validation: '[0-9]{1,12}' },
};

/**
 * Gives every element a box from its place among its siblings (jsdom lays nothing out), so dnd-kit's keyboard
 * sensor can find the item below or above. Returns the restore function.
 */
export function layoutRows(height = 40): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const index = this.parentElement ? Array.from(this.parentElement.children).indexOf(this) : 0;
    const top = index * height;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 300,
      height,
      right: 300,
      bottom: top + height,
      toJSON: () => ({}),
    };
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
