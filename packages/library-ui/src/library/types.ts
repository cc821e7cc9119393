/** A library item (`GET /api/library…`). */
export interface LibraryItem {
  uuid: string;
  title: string;
  tags: string[];
  tooltip: string;
  description: string;
  documentation: string;
  alt_text: string;
  resource: string;
  thumbnail: string | null;
  width?: number;
  height?: number;
  mime?: string;
  owner?: string | null;
  created: string;
}

/** A map marker (`GET /api/marker`). */
export interface Marker {
  url: string;
  type: string;
  name: string;
}

/** `library/page/{n}[/taglist/a;b]`: the list path for a page and a tag filter. */
export function libraryPagePath(page: number, tags: readonly string[] = []): string {
  const base = `library/page/${page}`;
  return tags.length > 0 ? `${base}/taglist/${tags.map(encodeURIComponent).join(';')}` : base;
}
