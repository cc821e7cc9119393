import { ConfigError } from '@agora/common';
import { loadConsultationConfig } from './consultation.config.js';

const DEFAULT_PROJECT = {
  maxBytes: { min: 0, max: 104_857_600, default: 10_485_760 },
  timeZone: 'Europe/Athens',
};

describe('loadConsultationConfig', () => {
  it('turns demo data on only with AGORA_DEMO_DATA=true', () => {
    expect(loadConsultationConfig({})).toEqual({
      demoData: false,
      project: DEFAULT_PROJECT,
      geoJson: { maxCoordinates: 100_000 },
      statistics: { minCell: 5 },
      openData: { idKey: '' },
      libraryUrl: 'http://127.0.0.1:3102',
    });
    expect(loadConsultationConfig({ LIBRARY_URL: 'http://library:3000/' }).libraryUrl).toBe(
      'http://library:3000',
    );
    expect(loadConsultationConfig({ AGORA_DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConsultationConfig({ AGORA_DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('reads the secret of the open data ids, refusing a short one', () => {
    const key = 'a-secret-of-open-data-ids';
    expect(loadConsultationConfig({ OPEN_DATA_ID_KEY: key }).openData).toEqual({ idKey: key });
    expect(() => loadConsultationConfig({ OPEN_DATA_ID_KEY: 'short' })).toThrow(/OPEN_DATA_ID_KEY/);
  });

  it('rejects anything else with a readable error', () => {
    expect(() => loadConsultationConfig({ AGORA_DEMO_DATA: '1' })).toThrow(ConfigError);
    expect(() => loadConsultationConfig({ AGORA_DEMO_DATA: '1' })).toThrow(/AGORA_DEMO_DATA/);
  });

  it('reads the bounds of a project upload limit and the time zone of its default dates', () => {
    expect(
      loadConsultationConfig({
        PROJECT_MAX_BYTES_MIN: '1024',
        PROJECT_MAX_BYTES_MAX: '2048',
        PROJECT_MAX_BYTES_DEFAULT: '1500',
        PROJECT_TIME_ZONE: 'UTC',
      }).project,
    ).toEqual({ maxBytes: { min: 1024, max: 2048, default: 1500 }, timeZone: 'UTC' });
  });

  it('reads the time zone of the project calendar, under its earlier name too', () => {
    const zone = (env: Record<string, string>) => loadConsultationConfig(env).project.timeZone;
    expect(zone({ CONSULTATION_TIME_ZONE: 'Europe/Lisbon' })).toBe('Europe/Lisbon');
    expect(zone({ PROJECT_TIME_ZONE: 'UTC' })).toBe('UTC');
    expect(zone({ CONSULTATION_TIME_ZONE: 'Europe/Lisbon', PROJECT_TIME_ZONE: 'UTC' })).toBe('Europe/Lisbon');
    expect(zone({})).toBe('Europe/Athens');
  });

  it('reads the most coordinates of an imported GeoJSON value', () => {
    expect(loadConsultationConfig({ GEOJSON_MAX_COORDINATES: '5000' }).geoJson).toEqual({
      maxCoordinates: 5000,
    });
  });

  it('reads the smallest cell of respondents a statistic shows to non-admins', () => {
    expect(loadConsultationConfig({ CONSULTATION_MIN_CELL: '3' }).statistics).toEqual({ minCell: 3 });
  });

  it.each([
    [{ CONSULTATION_MIN_CELL: '0' }, /CONSULTATION_MIN_CELL: at least 1/],
    [{ CONSULTATION_MIN_CELL: 'few' }, /CONSULTATION_MIN_CELL: a whole number/],
    [{ PROJECT_MAX_BYTES_MAX: '-1' }, /PROJECT_MAX_BYTES_MAX/],
    [{ PROJECT_MAX_BYTES_MIN: '10', PROJECT_MAX_BYTES_MAX: '5' }, /PROJECT_MAX_BYTES_MIN: above/],
    [{ PROJECT_MAX_BYTES_DEFAULT: '999999999999' }, /PROJECT_MAX_BYTES_DEFAULT: outside/],
    [{ PROJECT_TIME_ZONE: 'Mars/Olympus' }, /PROJECT_TIME_ZONE/],
    [{ CONSULTATION_TIME_ZONE: 'Mars/Olympus' }, /CONSULTATION_TIME_ZONE/],
    [{ GEOJSON_MAX_COORDINATES: '0' }, /GEOJSON_MAX_COORDINATES: at least 1/],
    [{ GEOJSON_MAX_COORDINATES: 'many' }, /GEOJSON_MAX_COORDINATES: a whole number/],
  ])('rejects inconsistent project settings %p', (env, message) => {
    expect(() => loadConsultationConfig(env)).toThrow(message);
  });
});
