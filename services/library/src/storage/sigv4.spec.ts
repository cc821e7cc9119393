import { EMPTY_SHA256, signV4, uriEncode } from './sigv4.js';

describe('AWS Signature Version 4', () => {
  // The "GET Object" example of the Amazon S3 API reference (Signature Version 4, header-based auth).
  it('reproduces the signature of the published S3 GET example', () => {
    const headers = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_SHA256,
        date: new Date('2013-05-24T00:00:00Z'),
      },
      {
        accessKey: 'AKIAIOSFODNN7EXAMPLE',
        secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('reproduces the signature of the published S3 ListObjects example (query string)', () => {
    const url = new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J');
    const headers = signV4(
      { method: 'GET', url, headers: {}, payloadHash: EMPTY_SHA256, date: new Date('2013-05-24T00:00:00Z') },
      {
        accessKey: 'AKIAIOSFODNN7EXAMPLE',
        secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
    );
    expect(headers.authorization).toContain(
      'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('encodes like RFC 3986', () => {
    expect(uriEncode("a b/c*(x)!'~")).toBe('a%20b%2Fc%2A%28x%29%21%27~');
  });
});
