/**
 * What the provider tells Terraform went wrong or deserves a look: errors stop the operation, warnings
 * are shown beside its result. A diagnostic may point at an attribute (`variation[1].value`), and
 * Terraform then shows the configuration line it came from.
 */
export type PathStep = { readonly attribute: string } | { readonly index: number } | { readonly key: string };
export type AttributePath = readonly PathStep[];

export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly summary: string;
  readonly detail?: string;
  readonly path?: AttributePath;
}

export const error = (summary: string, detail?: string, path?: AttributePath): Diagnostic => ({
  severity: 'error',
  summary,
  ...(detail ? { detail } : {}),
  ...(path ? { path } : {}),
});

export const warning = (summary: string, detail?: string, path?: AttributePath): Diagnostic => ({
  severity: 'warning',
  summary,
  ...(detail ? { detail } : {}),
  ...(path ? { path } : {}),
});

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((diagnostic) => diagnostic.severity === 'error');

/** `attribute('variation', 1, 'value')`: names are attributes, numbers list indexes. */
export function attributePath(...steps: readonly (string | number)[]): AttributePath {
  return steps.map((step) => (typeof step === 'number' ? { index: step } : { attribute: step }));
}

/** The path as Terraform's language writes it, for log lines and messages: `variation[1].value`. */
export function describePath(path: AttributePath): string {
  return path
    .map((step, position) => {
      if ('attribute' in step) return position === 0 ? step.attribute : `.${step.attribute}`;
      if ('index' in step) return `[${step.index}]`;
      return `[${JSON.stringify(step.key)}]`;
    })
    .join('');
}

/** The protocol's `Diagnostic` message. */
export function diagnosticMessage(diagnostic: Diagnostic): object {
  return {
    severity: diagnostic.severity === 'error' ? 'ERROR' : 'WARNING',
    summary: diagnostic.summary,
    detail: diagnostic.detail ?? '',
    ...(diagnostic.path && diagnostic.path.length > 0
      ? { attribute: attributePathMessage(diagnostic.path) }
      : {}),
  };
}

/** The protocol's `AttributePath` message (also how PlanResourceChange names what forces a replacement). */
export function attributePathMessage(path: AttributePath): object {
  return {
    steps: path.map((step) =>
      'attribute' in step
        ? { attribute_name: step.attribute }
        : 'index' in step
          ? { element_key_int: step.index }
          : { element_key_string: step.key },
    ),
  };
}
