import { Module } from '@nestjs/common';
import { AttributeModule } from '../attribute/attribute.module.js';
import { CategoryModule } from '../category/category.module.js';
import { NodeModule } from '../node/node.module.js';
import { VariableModule } from '../variable/variable.module.js';
import { QuestionnaireController } from './questionnaire.controller.js';
import { QuestionnaireService } from './questionnaire.service.js';

@Module({
  imports: [CategoryModule, NodeModule, AttributeModule, VariableModule],
  controllers: [QuestionnaireController],
  providers: [QuestionnaireService],
})
export class QuestionnaireModule {}
