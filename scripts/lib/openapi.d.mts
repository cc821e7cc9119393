/** A file that `npm run openapi` writes: its path relative to the repository root and its text. */
export interface GeneratedFile {
  path: string;
  text: string;
}
/** Every generated file (the services' OpenAPI documents and the types generated from them). */
export function openApiFiles(): Promise<GeneratedFile[]>;
export function serviceDocuments(): Promise<Record<string, Record<string, unknown>>>;
export function sortKeys<T>(value: T): T;
export function documentPath(service: string): string;
export function typesPath(service: string): string;
