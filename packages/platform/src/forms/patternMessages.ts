/**
 * The services' pattern messages (the `message` of a rule, in English) and the ids of their translations: a
 * pattern error names the rule in every language. `patternMessages.test.ts` checks that every rule the services
 * serve is here.
 */
export const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  'username may contain letters, digits, dots, underscores and hyphens': 'platform.validation.rule.username',
  'invalid email address': 'platform.validation.rule.email',
  'invalid phone number': 'platform.validation.rule.phone',
  'password must contain a letter and a digit': 'platform.validation.rule.password',
  'address must be street+number+town+zip': 'platform.validation.rule.address',
  'a whole number': 'platform.validation.rule.wholeNumber',
  'a whole number of bytes': 'platform.validation.rule.bytes',
  'a whole number from 0 to 22': 'platform.validation.rule.zoom',
  'a colour #rrggbb': 'platform.validation.rule.colour',
  'a whole number, at least 1': 'platform.validation.rule.atLeastOne',
  'a link: /… or http(s)://…': 'platform.validation.rule.link',
  'a date (yyyy-MM-dd)': 'platform.validation.rule.date',
  "lowercase Latin letters, digits, '-' and '_'": 'platform.validation.rule.mname',
  'the documentation link must start with http:// or https://': 'platform.validation.rule.documentation',
  "lowercase letters, digits and '-', in '/'-separated parts": 'platform.validation.rule.uri',
};
