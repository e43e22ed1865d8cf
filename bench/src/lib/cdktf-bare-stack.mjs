/**
 * The baseline of scenario 11: bare `null_resource`s, no constructs of ours and no validation, as many as
 * the constructs' stack synthesizes and each with triggers of the same keys and lengths (the "shape" read
 * from the constructs' `cdk.tf.json`), filled with JSON-like text.
 */
import { resource } from '@cdktf/provider-null';

const sample =
  '{"organization":"acme","project":"web","flag":{"key":"flag-000000","type":"Boolean","tags":["bench"]}}';

/** Text of exactly `length` characters, different for each resource. */
function filler(index, length) {
  const prefix = `${index}:`;
  const body = prefix + sample.repeat(Math.ceil(length / sample.length) + 1);
  return body.slice(0, length);
}

/** `shape`: one `{ triggerKey: length }` per null_resource, in the constructs' order. */
export function declareBareStack(stack, shape) {
  shape.forEach((triggers, index) => {
    new resource.Resource(stack, `r${index}`, {
      triggers: Object.fromEntries(
        Object.entries(triggers).map(([key, length]) => [key, filler(index, length)]),
      ),
    });
  });
}

/** The shape of a synthesized stack: the trigger lengths of each of its null_resources. */
export function triggerShape(stackJson) {
  return Object.values(stackJson.resource?.null_resource ?? {}).map((block) =>
    Object.fromEntries(Object.entries(block.triggers ?? {}).map(([key, value]) => [key, value.length])),
  );
}
