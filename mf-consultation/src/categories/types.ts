/** A category as listed by `GET /api/category`. */
export interface Category {
  token: string;
  mname: string;
  title: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  autosubscribe: boolean;
  projects: Array<{ token: string; mname: string; title: string }>;
}
