import { checkTileTemplate, DEFAULT_TILE_URL } from './tiles.js';

const sources = (template: string) => {
  const check = checkTileTemplate(template);
  if (!check.ok) throw new Error(check.problem);
  return check.imgSrc;
};
const problem = (template: string) => {
  const check = checkTileTemplate(template);
  return check.ok ? null : check.problem;
};

describe('checkTileTemplate', () => {
  it("allows OpenStreetMap's hosts for the default template", () => {
    expect(sources(DEFAULT_TILE_URL)).toEqual([
      'https://*.tile.openstreetmap.org',
      'https://tile.openstreetmap.org',
    ]);
  });

  it("allows the origin of a site's own tile server, with its port, in lower case", () => {
    expect(sources('https://Tiles.Example.gov/osm/{z}/{x}/{y}.png?key=abc')).toEqual([
      'https://tiles.example.gov',
    ]);
    expect(sources('http://10.0.0.5:8081/{z}/{x}/{y}.png')).toEqual(['http://10.0.0.5:8081']);
    expect(sources('https://tiles.example.gov:443/{z}/{y}/{x}')).toEqual(['https://tiles.example.gov']);
  });

  it('turns a {s} subdomain into a wildcard, and leaves a {s} in the path to the host', () => {
    expect(sources('https://{s}.tiles.example.gov/{z}/{x}/{y}.png')).toEqual(['https://*.tiles.example.gov']);
    expect(sources('https://tiles.example.gov/{s}/{z}/{x}/{y}.png')).toEqual(['https://tiles.example.gov']);
  });

  it.each([
    ['ftp://tiles.example.gov/{z}/{x}/{y}.png', /http\(s\) URL template/],
    ['tiles.example.gov/{z}/{x}/{y}.png', /http\(s\) URL template/],
    ['https://tiles.example.gov/{z}/{x}.png', /lacks \{y\}/],
    ['https://tiles.example.gov/{z}/{x}/{y}{r}.png', /unknown placeholder \{r\}/],
    ['https://tiles.example.gov/{z}/{x}/{y.png', /unmatched/],
    ['https://tiles-{s}.example.gov/{z}/{x}/{y}.png', /first label/],
    ['https://{s}.10.0.0.5/{z}/{x}/{y}.png', /IP address/],
    ['https://user:pw@tiles.example.gov/{z}/{x}/{y}.png', /user name/],
    ['https:///{z}/{x}/{y}.png', /host/],
    ['https://tiles.example.gov/{z}/{x}/{y}.png extra', /spaces/],
  ])('refuses %s', (template, why) => {
    expect(problem(template)).toMatch(why);
  });
});
