export {
  ADDRESS_MAP_CENTER,
  ADDRESS_MAP_ZOOM,
  AddressInput,
  type AddressInputProps,
  type AddressValue,
} from './AddressInput';
export {
  geocode,
  GEOCODE_DEBOUNCE_MS,
  placeUrl,
  reverseGeocode,
  reverseUrl,
  searchPlace,
  searchUrl,
} from './geocoder';
export { CoordinateInput } from './LazyCoordinateInput';
export type { CoordinateInputProps } from './CoordinateInput';
export { PointMap } from './LazyPointMap';
export type { PointMapProps } from './PointMap';
export { DrawMap } from './DrawMap';
export type { DrawMapProps } from './drawMapProps';
export { applyDrawLocale } from './drawLocal';
export {
  DRAW_COLOR,
  drawnGeometry,
  pinIcon,
  setUpDraw,
  type DrawHandler,
  type DrawSetup,
  type DrawTools,
} from './drawControl';
export { useTiles } from './tiles';
export {
  loadLeaflet,
  loadLeafletDraw,
  useLatestProps,
  useLeafletDraw,
  useLeafletMap,
  type LeafletMapHandle,
  type LeafletMapInit,
  type LeafletModule,
} from './leafletMap';
export {
  asGeometry,
  checkImport,
  collectionOfGeometry,
  crsOfMember,
  fitsCrs,
  geometryFields,
  guessCrs,
  kindsOf,
  parseGeoJson,
  polygonGeometryOf,
  toCollection,
  toWgs84Collection,
  type GeoJsonImportError,
  type GeoJsonParse,
  type GeometryValue,
  type ImportCheck,
} from './geojson';
