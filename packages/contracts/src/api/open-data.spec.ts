import { OPEN_DATA_LIMIT, OpenDataItemsQuery, parseBbox, parseDatetime } from './open-data.js';

describe('the open-data query', () => {
  it('reads a bbox of four or six numbers in CRS84, south not above north', () => {
    expect(parseBbox('22.9,40.6,23,40.7')).toEqual({ west: 22.9, south: 40.6, east: 23, north: 40.7 });
    expect(parseBbox('22.9,40.6,0,23,40.7,100')).toEqual({ west: 22.9, south: 40.6, east: 23, north: 40.7 });
    // across the antimeridian: west above east
    expect(parseBbox('170,-10,-170,10')).toEqual({ west: 170, south: -10, east: -170, north: 10 });
    for (const bad of ['', '1,2,3', '1,2,3,4,5', 'a,b,c,d', '0,0,181,1', '0,-91,1,1', '0,10,1,5', '1e,2,3,4'])
      expect(parseBbox(bad)).toBeNull();
  });

  it('reads a datetime as the days it covers', () => {
    expect(parseDatetime('2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(parseDatetime('2026-03-02T10:00:00Z')).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(parseDatetime('2026-03-01/2026-03-31')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(parseDatetime('../2026-03-31')).toEqual({ from: null, to: '2026-03-31' });
    expect(parseDatetime('2026-03-01T00:00:00+02:00/')).toEqual({ from: '2026-03-01', to: null });
    for (const bad of ['..', '../..', 'yesterday', '2026-02-30', '2026-03-31/2026-03-01', 'a/b/c'])
      expect(parseDatetime(bad)).toBeNull();
  });

  it('cuts a limit above the maximum to it, and refuses an unknown parameter', () => {
    expect(OpenDataItemsQuery.parse({ limit: '5000', offset: '10' })).toEqual({
      limit: OPEN_DATA_LIMIT.maximum,
      offset: 10,
    });
    expect(OpenDataItemsQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(OpenDataItemsQuery.safeParse({ sortby: 'id' }).success).toBe(false);
  });
});
