/** The site path of the data pages (short names): all categories, a category's projects, a project's map. */
export function dataPath(basePath: string): string {
  return `${basePath}/admin/data`;
}

export function dataCategoryPath(basePath: string, category: string): string {
  return `${dataPath(basePath)}/category/${encodeURIComponent(category)}`;
}

export function dataProjectPath(basePath: string, category: string, project: string): string {
  return `${dataCategoryPath(basePath, category)}/project/${encodeURIComponent(project)}`;
}
