import { ApiProperty } from '@nestjs/swagger';
import type { ProjectWire, TitledFile, WmsService } from '@agora/contracts';

export class LatLng {
  @ApiProperty({ example: 40.6264, minimum: -90, maximum: 90 })
  lat: number;
  @ApiProperty({ example: 22.9484, minimum: -180, maximum: 180 })
  lng: number;
}

export class ProjectCategoryResponse {
  @ApiProperty({ format: 'uuid' })
  token: string;
  @ApiProperty()
  mname: string;
  @ApiProperty()
  title: string;
}

export class WmsServiceResponse implements WmsService {
  @ApiProperty()
  title: string;
  @ApiProperty({ description: 'http(s) URL of the WMS endpoint' })
  WMSurl: string;
  @ApiProperty({ description: 'the layers to show' })
  layers: string;
}

export class LegislationResponse implements TitledFile {
  @ApiProperty()
  title: string;
  @ApiProperty({ description: "a link: '/…' or http(s)" })
  file: string;
}

export class ProjectResponse implements ProjectWire {
  @ApiProperty({ format: 'uuid' })
  token: string;
  @ApiProperty()
  mname: string;
  @ApiProperty()
  title: string;
  @ApiProperty()
  summary: string;
  @ApiProperty({ description: "URL of a library image ('' when none)" })
  summary_img: string;
  @ApiProperty()
  summary_img_alt: string;
  @ApiProperty({ format: 'date', example: '2026-11-21' })
  start_date: string;
  @ApiProperty({ format: 'date', example: '2026-12-21', description: 'never before start_date' })
  end_date: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'only when is_public' })
  public_date: string | null;
  @ApiProperty({ description: 'the results will be published' })
  is_public: boolean;
  @ApiProperty()
  active: boolean;
  @ApiProperty({ description: 'upload limit per answer file, in bytes (bounds: GET project/limits)' })
  max_bytes: number;
  @ApiProperty({ minimum: 0, maximum: 22 })
  zoom: number;
  @ApiProperty({ type: LatLng, nullable: true, description: 'map centre, EPSG:4326' })
  center: LatLng | null;
  @ApiProperty({ type: [WmsServiceResponse] })
  wms_services: WmsServiceResponse[];
  @ApiProperty({ type: [LegislationResponse] })
  legislation: LegislationResponse[];
  @ApiProperty({ type: Number, nullable: true })
  forum_topic_id: number | null;
  @ApiProperty({ type: String, nullable: true })
  forum_topic_url: string | null;
  @ApiProperty({ minimum: 0, description: '1-based position' })
  sort_order: number;
  @ApiProperty({ type: ProjectCategoryResponse, nullable: true })
  category: ProjectCategoryResponse | null;
}

export class ProjectPage {
  @ApiProperty({ type: [ProjectResponse] })
  values: ProjectResponse[];
  @ApiProperty({ minimum: 1 })
  page: number;
  @ApiProperty({ minimum: 1 })
  total_pages: number;
  @ApiProperty({ minimum: 0 })
  total: number;
}

export class MaxBytesLimitsResponse {
  @ApiProperty({ minimum: 0 })
  min: number;
  @ApiProperty({ minimum: 0 })
  max: number;
  @ApiProperty({ minimum: 0, description: 'taken when a new project has none' })
  default: number;
}

export class ProjectLimitsResponse {
  @ApiProperty({ type: MaxBytesLimitsResponse })
  max_bytes: MaxBytesLimitsResponse;
}

/** The fields of a project write, as JSON or multipart (JSON fields as their text); for OpenAPI. */
export class ProjectForm {
  @ApiProperty({ required: false, description: 'required when creating' })
  title?: string;
  @ApiProperty({ required: false, description: 'unique short name; required when creating' })
  mname?: string;
  @ApiProperty({
    required: false,
    format: 'uuid',
    description: "the category's token; required when creating",
  })
  category?: string;
  @ApiProperty({ required: false })
  summary?: string;
  @ApiProperty({ required: false })
  summary_img?: string;
  @ApiProperty({ required: false })
  summary_img_alt?: string;
  @ApiProperty({ required: false, format: 'date', description: 'default today' })
  start_date?: string;
  @ApiProperty({ required: false, format: 'date', description: 'default the day after start_date' })
  end_date?: string;
  @ApiProperty({ required: false })
  is_public?: boolean;
  @ApiProperty({
    required: false,
    format: 'date',
    nullable: true,
    description: 'default tomorrow when is_public',
  })
  public_date?: string | null;
  @ApiProperty({ required: false })
  active?: boolean;
  @ApiProperty({ required: false })
  max_bytes?: number;
  @ApiProperty({ required: false, minimum: 0, maximum: 22 })
  zoom?: number;
  @ApiProperty({ required: false, type: LatLng, nullable: true })
  center?: LatLng | null;
  @ApiProperty({ required: false, type: [WmsServiceResponse] })
  wms_services?: WmsServiceResponse[];
  @ApiProperty({ required: false, type: [LegislationResponse] })
  legislation?: LegislationResponse[];
}
