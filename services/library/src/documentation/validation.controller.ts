import { Controller } from '@nestjs/common';
import { ScopeValidationController, type ExistenceCheck } from '@agora/common';
import { ownEntry, type ScopeRules } from '@agora/contracts';
import { LibraryViewService } from '../library-view/library-view.service.js';
import { SCOPES } from '../uploads/rules.js';
import { DocumentationService } from './documentation.service.js';

/**
 * The rules of the library's scopes (`library`, `documentation`, `libraryView`), checked by every write too, and
 * `checkIfExists` for their unique uris.
 */
@Controller()
export class LibraryValidationController extends ScopeValidationController {
  constructor(
    private readonly docs: DocumentationService,
    private readonly views: LibraryViewService,
  ) {
    super('LIBRARY');
  }

  protected rulesOf(scope: string): ScopeRules | undefined {
    return ownEntry(SCOPES, scope.toLowerCase());
  }

  protected existenceOf(scope: string, field: string): ExistenceCheck | undefined {
    const rules = ownEntry(SCOPES, scope.toLowerCase());
    if (!rules || !ownEntry(rules, field)?.unique) return undefined;
    return scope.toLowerCase() === 'documentation'
      ? (value) => this.docs.uriExists(value)
      : (value) => this.views.uriExists(value);
  }
}
