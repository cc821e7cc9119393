// The consultation scopes' validation endpoints: rules, some fields, and checkIfExists with and without a parent.
import { bootTestService, type TestService } from '@agora/common/testing';
import { createConsultationService } from '../index.js';
import { CATEGORY_SCOPE } from '../category/category.rules.js';
import { NODE_SCOPE } from '../node/node.rules.js';
import { client, seedProject } from '../../test/tree-test-helpers.js';

let svc: TestService;
let project: string;
let other: string;
const anonymous = () => client(svc, 'anonymous');

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  project = await seedProject(svc.db, 'harbour');
  other = await seedProject(svc.db, 'other');
  await svc.db.query(
    `INSERT INTO consultation.node (project, mname, title) VALUES ($1, 'beach', 'Παραλία')`,
    [project],
  );
});
afterAll(() => svc?.close());

describe('consultation validation scopes', () => {
  it('serve the rules of a scope, by any case of its name, to anyone', async () => {
    const category = await anonymous().get('/validation/scope/category');
    expect(category.status).toBe(200);
    expect(category.body).toEqual(CATEGORY_SCOPE.rules);
    const topic = await anonymous().get('/validation/scope/Topic');
    expect(topic.status).toBe(200);
    expect(topic.body).toEqual(NODE_SCOPE.rules);
  });

  it('serve the rules of some fields', async () => {
    const res = await anonymous().get('/validation/scope/category/fields/mname;title');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mname: CATEGORY_SCOPE.rules.mname, title: CATEGORY_SCOPE.rules.title });
  });

  it.each([
    ['/validation/scope/nothing', 404, 'CONSULTATION.UNKNOWN_SCOPE', 'unknown validation scope'],
    ['/validation/scope/nothing/fields/mname', 404, 'CONSULTATION.UNKNOWN_SCOPE', 'unknown validation scope'],
    ['/validation/scope/category/fields/colour', 400, 'CONSULTATION.UNKNOWN_FIELD', 'unknown field'],
    [
      '/checkIfExists/scope/nothing/field/mname/value/x',
      404,
      'CONSULTATION.UNKNOWN_SCOPE',
      'unknown validation scope',
    ],
    [
      '/checkIfExists/scope/category/field/colour/value/x',
      400,
      'CONSULTATION.UNKNOWN_FIELD',
      'unknown field',
    ],
    [
      '/checkIfExists/scope/category/field/title/value/x',
      400,
      'CONSULTATION.NOT_UNIQUE_FIELD',
      'this field is not checked for existence',
    ],
    [
      '/checkIfExists/scope/topic/field/mname/value/beach',
      400,
      'CONSULTATION.PARENT',
      'parent: a token (uuid) is needed for this field',
    ],
    ['/checkIfExists/scope/topic/field/mname/value/beach?parent=x', 400, 'REQUEST.TOKEN', 'invalid token'],
  ])('answer %s with %i %s', async (url, status, code, message) => {
    const res = await anonymous().get(url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ Error: message, code });
  });

  it('tell whether a short name exists, within its parent where it has one', async () => {
    const exists = async (url: string) => {
      const res = await anonymous().get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.body as boolean;
    };
    expect(await exists('/checkIfExists/scope/category/field/mname/value/cat-harbour')).toBe(true);
    expect(await exists('/checkIfExists/scope/category/field/mname/value/cat-elsewhere')).toBe(false);
    expect(await exists('/checkIfExists/scope/project/field/mname/value/harbour')).toBe(true);
    expect(await exists(`/checkIfExists/scope/topic/field/mname/value/beach?parent=${project}`)).toBe(true);
    expect(await exists(`/checkIfExists/scope/node/field/mname/value/beach?parent=${other}`)).toBe(false);
    expect(await exists(`/checkIfExists/scope/topic/field/mname/value/dunes?parent=${project}`)).toBe(false);
  });
});
