// The consultation structure on the wire (spec part 2 §3, §7): what the consultation service answers and what
// the admin screens send. Field names are the spec's. Geometry is GeoJSON in EPSG:4326 in every answer; a
// request may carry geometry in EPSG:2100 or EPSG:3857 with `geometry_crs`, reprojected by the server.
import type { LatLng } from './address.js';

/**
 * The bounds of a project's `retention_days` (decision 0089): the days after its end date at which its answers
 * are detached from the people who gave them. Null means kept until the account is deleted. Here, free of any
 * schema library, so the project form's bundle checks them without the API's schemas.
 */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** A GeoJSON geometry or feature collection, EPSG:4326 (lon, lat) unless a request says otherwise. */
export interface GeoJsonGeometry {
  type: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon';
  coordinates: unknown;
}
export interface GeoJsonFeature {
  type: 'Feature';
  id?: string | number;
  geometry: GeoJsonGeometry;
  properties: Record<string, unknown> | null;
}
export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: GeoJsonFeature[];
}

/** Coordinate systems accepted for imported geometry (spec part 2 §9). */
export const GEOMETRY_CRS = ['EPSG:4326', 'EPSG:2100', 'EPSG:3857'] as const;
export type GeometryCrs = (typeof GEOMETRY_CRS)[number];

/** Accepted x (easting or longitude) and y (northing or latitude) of one coordinate system. */
export interface CrsRanges {
  x: { min: number; max: number };
  y: { min: number; max: number };
}

/**
 * The spec's coordinate ranges (part 1 §5, part 2 §5): Greece with a margin, in each system. The coordinate
 * inputs, the browser's GeoJSON import and the server's geometry checks all use these.
 */
export const CRS_RANGES: Readonly<Record<GeometryCrs, CrsRanges>> = {
  'EPSG:4326': { x: { min: 18.27, max: 29.97 }, y: { min: 33.23, max: 41.77 } },
  'EPSG:2100': { x: { min: -34387.67, max: 1056496.843 }, y: { min: 3691163.514, max: 4641211.322 } },
  'EPSG:3857': { x: { min: 2033807.096, max: 3336245.136 }, y: { min: 3925872.561, max: 5126588.574 } },
};

/** How deep the numbers of each geometry type are nested: Point 0, LineString 1, Polygon 2, MultiPolygon 3. */
export const GEOMETRY_DEPTH: Readonly<Record<GeoJsonGeometry['type'], number>> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

/** Every position of a geometry whose coordinates are well nested. */
export function positionsOf(geometry: GeoJsonGeometry): number[][] {
  const out: number[][] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth === 0) out.push(v as number[]);
    else for (const item of v as unknown[]) walk(item, depth - 1);
  };
  walk(geometry.coordinates, GEOMETRY_DEPTH[geometry.type]);
  return out;
}

/** True when every position of a (well-nested) geometry lies in the spec's ranges of `crs`. */
export function geometryInRange(geometry: GeoJsonGeometry, crs: GeometryCrs): boolean {
  const { x, y } = CRS_RANGES[crs];
  return positionsOf(geometry).every(
    ([px = NaN, py = NaN]) => px >= x.min && px <= x.max && py >= y.min && py <= y.max,
  );
}

export const GEOM_TYPES = ['point', 'line', 'polygon'] as const;
export type GeomType = (typeof GEOM_TYPES)[number];

/** Largest uploaded structure icon (attribute, variable, profile choice), in bytes: checked by the form, the
 * consultation service and the library, which stores it. */
export const ICON_MAX_BYTES = 1024 * 1024;

/** Enrolment (project) roles. */
export const CONSULTATION_ROLES = ['expert', 'normal'] as const;
export type ConsultationRole = (typeof CONSULTATION_ROLES)[number];

/** A titled link: legislation and relative-document rows (title and URL, both required). */
export interface TitledFile {
  title: string;
  file: string;
}

/** A WMS layer source of a project (title, URL and layers, all required). */
export interface WmsService {
  title: string;
  WMSurl: string;
  layers: string;
}

/** `category…`. `summary_img` is the URL of a library image ('' when none). At most one category is active. */
export interface CategoryWire {
  token: string;
  mname: string;
  title: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  active: boolean;
  autosubscribe: boolean;
  forum_welcome_message: string;
  /** the caller has answered the category's consultation-profile questions */
  has_answered: boolean;
  /** the category has consultation-profile questions */
  consultation: boolean;
  sort_order: number;
  projects: Array<{ token: string; mname: string; title: string }>;
}

/** `project…`. Dates are yyyy-MM-dd; `category` is the category's token. */
export interface ProjectWire {
  token: string;
  mname: string;
  title: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  start_date: string;
  end_date: string;
  /** days after end_date at which the answers are detached from their people; null: never */
  retention_days: number | null;
  /** ISO time at which they were, else null */
  personal_links_removed_at: string | null;
  public_date: string | null;
  is_public: boolean;
  active: boolean;
  max_bytes: number;
  zoom: number;
  center: LatLng | null;
  wms_services: WmsService[];
  legislation: TitledFile[];
  /** the open data publish the free-text answers */
  open_data_free_text: boolean;
  /** a deleted account's answers in this project are deleted too (else kept, detached: decision 0088) */
  erase_answers_on_account_deletion: boolean;
  /** metres: the grid the open data snap locations to */
  open_data_grid_m: number;
  forum_topic_id: number | null;
  forum_topic_url: string | null;
  sort_order: number;
  category: { token: string; mname: string; title: string } | null;
}

/** A topic (`node…`). */
export interface TopicWire {
  token: string;
  project: string;
  title: string;
  mname: string;
  description: string;
  has_geometry: boolean;
  boundary: GeoJsonGeometry | null;
  geom_type: GeomType | null;
  max_geom: number | null;
  geom_color: string;
  relative_documents: TitledFile[];
  forum_topic_id: number | null;
  forum_topic_url: string | null;
  sort_order: number;
}

/** An attribute. `icon` is a marker URL from the library ('' when none). */
export interface AttributeWire {
  token: string;
  node: string;
  name: string;
  mname: string;
  icon: string;
  icon_alt: string;
  has_geometry: boolean;
  geom_type: GeomType | null;
  geom_color: string;
  max_geom: number | null;
  allow_drag: boolean;
  allow_resize: boolean;
  has_predefined: boolean;
  predefined: GeoJsonFeatureCollection | null;
  has_context: boolean;
  context: GeoJsonFeatureCollection | null;
  is_visible: boolean;
  forum_topic_id: number | null;
  forum_topic_url: string | null;
  sort_order: number;
}

/** Value types of a variable (spec part 2 §3). */
export const VALUE_TYPES = [
  'radio',
  'checkbox',
  'document',
  'date',
  'text',
  'string',
  'photo',
  'number',
  'resource',
  'library',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** Geometric variable types and their option kinds. */
export const GEOMETRY_VALUE_TYPES = [
  'geom_point',
  'geom_line',
  'geom_polygon',
  'geom_radio',
  'geom_select',
] as const;
export type GeometryValueType = (typeof GEOMETRY_VALUE_TYPES)[number];

export const DOCUMENT_ACCEPTS = ['doc', 'docx', 'pdf'] as const;

/** A choice of a radio/checkbox kind: a stable id (answers store it) and its label. */
export interface Choice {
  id: string;
  label: string;
}

/** One choice of a geometric choice list. */
export interface ChoiceOption extends Choice {
  /** MultiPoint: a marker URL */
  marker?: string;
  /** MultiLine, MultiPolygon: #rrggbb */
  color?: string;
  /** MultiPolygon: 0..1 in steps of 0.02 */
  transparency?: number;
}

/** The options of one value type; which ones apply is in `VALUE_TYPE_OPTIONS`. */
export interface VariableOptions {
  required?: boolean;
  label?: string;
  placeholder?: string;
  maxSize?: number;
  accepts?: Array<(typeof DOCUMENT_ACCEPTS)[number]>;
  choices?: Choice[];
  minLength?: number;
  maxLength?: number;
  minDate?: string;
  maxDate?: string;
  items?: string[];
  allowMultiple?: boolean;
  numberOfGeometries?: number;
  geometricChoices?: ChoiceOption[];
}

/** Which options each kind takes (spec part 2 §3 "Question options per type"). */
export const VALUE_TYPE_OPTIONS: Readonly<
  Record<ValueType | GeometryValueType, ReadonlyArray<keyof VariableOptions>>
> = {
  radio: ['required', 'label', 'choices'],
  checkbox: ['required', 'label', 'choices'],
  document: ['required', 'label', 'placeholder', 'maxSize', 'accepts'],
  date: ['required', 'label', 'minDate', 'maxDate'],
  text: ['required', 'label', 'placeholder', 'minLength', 'maxLength'],
  string: ['required', 'label', 'placeholder', 'minLength', 'maxLength'],
  photo: ['required', 'label', 'placeholder', 'maxSize'],
  number: ['required', 'label', 'minLength', 'maxLength'],
  resource: ['required', 'label'],
  library: ['required', 'label', 'items', 'allowMultiple'],
  geom_point: ['required', 'label', 'numberOfGeometries', 'geometricChoices'],
  geom_line: ['required', 'label', 'numberOfGeometries', 'geometricChoices'],
  geom_polygon: ['required', 'label', 'numberOfGeometries', 'geometricChoices'],
  geom_radio: ['required', 'label', 'numberOfGeometries', 'geometricChoices'],
  geom_select: ['required', 'label', 'numberOfGeometries', 'geometricChoices'],
};

/** One entry of `variable_type`: the spec's "JSON list of kind plus options", in the order shown. */
export interface VariableKind {
  kind: ValueType | GeometryValueType;
  options: VariableOptions;
}

export interface VariableWire {
  token: string;
  attribute: string;
  mname: string;
  description: string;
  tooltip: string;
  icon: string;
  is_visible: boolean;
  variable_type: VariableKind[];
  forum_topic_id: number | null;
  forum_topic_url: string | null;
  sort_order: number;
}

/** A consultation-profile question and its choices. */
export interface ProfileChoiceWire {
  id: number;
  content: string;
  icon: string;
  weight: number;
  sort_order: number;
}
export interface ProfileQuestionWire {
  token: string;
  category: string;
  role: ConsultationRole;
  question: string;
  weight: number;
  sort_order: number;
  choices: ProfileChoiceWire[];
}

/** Discussion threads stored by Agora (`{scope}/createThread/{token}`, `forumPosts/topicID/{id}`). */
export const THREAD_SCOPES = ['project', 'node', 'attribute', 'variable'] as const;
export type ThreadScope = (typeof THREAD_SCOPES)[number];
export const THREAD_TITLE_MIN = 15;
export const THREAD_MESSAGE_MIN = 20;
export interface ForumPost {
  id: number;
  content: string;
  avatar: string;
  username: string;
  display_username: string;
  updated_at: string;
}
export interface ForumTopic {
  id: number;
  title: string;
  posts: ForumPost[];
}

/** Social reactions (spec part 1 §7 "Social"). */
export type Reaction = 'like' | 'dislike';
export interface SocialWire {
  likes: number;
  dislikes: number;
  reaction: Reaction | null;
  /** true when the current user owns the item and so cannot react */
  owner: boolean;
}

/** Body of `PUT category/sortOrder/` and `PUT project/sortOrder/`: token to 1-based position. */
export type SortOrderMap = Record<string, number>;
