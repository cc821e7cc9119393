// The questionnaire answer's attribute and variable (the design's `attributes[]` and `variables[]`), and the
// answer and statistics payloads this folder reads. Declared here until the contract exports them.
import type { GeoJsonFeatureCollection, GeomType, LatLng, VariableKind } from '@agora/contracts';

export interface QuestionnaireVariable {
  token: string;
  mname: string;
  description: string;
  tooltip: string;
  icon: string;
  variable_type: VariableKind[];
  forum_topic_id: number | null;
  forum_topic_url: string | null;
}

export interface QuestionnaireAttribute {
  token: string;
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
  forum_topic_id: number | null;
  forum_topic_url: string | null;
  variables: QuestionnaireVariable[];
}

export type { LatLng };
