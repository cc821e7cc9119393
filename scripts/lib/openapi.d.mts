/** A file that `npm run openapi` writes: its path relative to the repository root and its text. */
export interface GeneratedFile {
  path: string;
  text: string;
}
/** The services' OpenAPI documents as the code produces them. */
export function openApiFiles(): Promise<GeneratedFile[]>;
export function serviceDocuments(): Promise<Record<string, Record<string, unknown>>>;
export function sortKeys<T>(value: T): T;
export function documentPath(service: string): string;
export function typesPath(service: string): string;
export function typesOf(service: string, doc: Record<string, unknown>): Promise<GeneratedFile>;
