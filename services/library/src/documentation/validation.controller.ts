import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@agora/common';
import { pickRules, type ScopeRules } from '@agora/contracts';
import { LibraryViewService } from '../library-view/library-view.service.js';
import { SCOPES } from '../uploads/rules.js';
import { UploadErrors } from '../uploads/upload-errors.js';
import { DocumentationService } from './documentation.service.js';

function scopeRules(scope: string): ScopeRules {
  const rules = SCOPES[scope.toLowerCase()];
  if (!rules) throw UploadErrors.unknownScope();
  return rules;
}

/** The rules of the library's scopes (`library`, `documentation`, `libraryView`), checked by every write too. */
@ApiTags('validation')
@Controller()
export class LibraryValidationController {
  constructor(
    private readonly docs: DocumentationService,
    private readonly views: LibraryViewService,
  ) {}

  @ApiOperation({ summary: 'The validation rules of a scope (library, documentation, libraryView)' })
  @Public()
  @Get('validation/scope/:scope')
  all(@Param('scope') scope: string): ScopeRules {
    return scopeRules(scope);
  }

  @ApiOperation({ summary: 'The rules of some fields of a scope (`fields` is `;`-joined)' })
  @Public()
  @Get('validation/scope/:scope/fields/:fields')
  some(@Param('scope') scope: string, @Param('fields') fields: string): ScopeRules {
    const picked = pickRules(scopeRules(scope), fields);
    if (!picked) throw UploadErrors.unknownField();
    return picked;
  }

  @ApiOperation({ summary: 'Whether a uri exists already (documentation, libraryView): true|false' })
  @Public()
  @Get('checkIfExists/scope/:scope/field/:field/value/:value')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async exists(
    @Param('scope') scope: string,
    @Param('field') field: string,
    @Param('value') value: string,
  ): Promise<boolean> {
    const rules = scopeRules(scope);
    if (!rules[field]) throw UploadErrors.unknownField();
    if (!rules[field].unique) throw UploadErrors.notUniqueField();
    return scope.toLowerCase() === 'documentation' ? this.docs.uriExists(value) : this.views.uriExists(value);
  }
}
