// Fixtures of the category pages' web tests: the category they work in.
import type { CategoryAnswer } from '@agora/contracts/api';

export const TOKEN = '0b8f7c52-2b1e-4c1a-9d3e-7a0b8c9d0e11';

/** The category `TOKEN` as `GET /api/category` answers it, active for the caller or not. */
export const category = (active: boolean): CategoryAnswer => ({
  token: TOKEN,
  mname: 'city',
  title: 'Η πόλη μας',
  summary: '',
  summary_img: '',
  summary_img_alt: '',
  active,
  autosubscribe: false,
  forum_welcome_message: '',
  has_answered: false,
  consultation: true,
  sort_order: 1,
  projects: [],
});
