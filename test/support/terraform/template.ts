/**
 * TEST CODE ONLY (part of the Terraform stand-in used by the deployment tests; Terraform cannot be
 * installed here). Evaluates the Terraform template strings the constructs synthesize, with Terraform's
 * rules: `$${` and `%%{` are escapes for a literal `${` and `%{`; `${…}` interpolates an expression. Only
 * the expressions the constructs write are supported; anything else fails loudly.
 */

/** The value of a reference that is not known until apply (an id of a resource still to be created). */
export const unknownValue = Symbol('unknown');
export type Known = string;
export type Evaluated = Known | typeof unknownValue;

/** Resolves one reference: `self.triggers.spec`, `null_resource.x.id`. */
export type ReferenceResolver = (reference: string) => Evaluated;

export function evaluateTemplate(template: string, resolve: ReferenceResolver): Evaluated {
  let result = '';
  for (let index = 0; index < template.length; ) {
    if (template.startsWith('$${', index) || template.startsWith('%%{', index)) {
      result += `${template[index]}{`;
      index += 3;
    } else if (template.startsWith('%{', index)) {
      throw new Error(`template directives are not supported by the test harness: ${template}`);
    } else if (template.startsWith('${', index)) {
      const end = template.indexOf('}', index);
      if (end === -1) throw new Error(`unterminated interpolation in ${template}`);
      const value = evaluateExpression(template.slice(index + 2, end).trim(), resolve);
      if (value === unknownValue) return unknownValue;
      result += value;
      index = end + 1;
    } else {
      result += template[index];
      index += 1;
    }
  }
  return result;
}

function evaluateExpression(expression: string, resolve: ReferenceResolver): Evaluated {
  const encoded = /^jsonencode\((.+)\)$/.exec(expression);
  if (encoded) {
    const value = resolve(encoded[1]!.trim());
    return value === unknownValue ? value : JSON.stringify(value);
  }
  if (!/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+$/.test(expression)) {
    throw new Error(`expression not supported by the test harness: ${expression}`);
  }
  return resolve(expression);
}

/** The resource addresses a template refers to (`null_resource.x` from `${null_resource.x.id}`). */
export function referencedResources(template: string): string[] {
  return [...template.matchAll(/(?<!\$)\$\{[^}]*?\b(null_resource\.[\w-]+)/g)].map((match) => match[1]!);
}
