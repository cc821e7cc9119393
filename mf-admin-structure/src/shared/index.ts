export { CATEGORIES_KEY, useActiveCategory, useCategories, type ActiveCategory } from './activeCategory';
export { CATEGORY_ADD_PATH, NoActiveCategory, WithActiveCategory } from './NoActiveCategory';
export { SHORT_NAME_MAX, toShortName, typedShortName } from './shortName';
export { useDerivedShortName } from './useDerivedShortName';
