/**
 * The name and description inputs every form of a resource has (projects, flags, variations, segments,
 * environments, SDK keys): a TextField named `name` and a TextAreaField named `description`, with the
 * API's messages about each next to it. What is left empty is the form's to decide (on creation, the
 * API's defaults: the key as the name, no description).
 */
import { TextAreaField, type TextAreaFieldProps, TextField, type TextFieldProps } from './text-field.js';

export function NameField(props: Omit<TextFieldProps, 'label' | 'path'>) {
  return <TextField label="Name" path="name" {...props} />;
}

export function DescriptionField(props: Omit<TextAreaFieldProps, 'label' | 'path'>) {
  return <TextAreaField label="Description" path="description" rows={2} {...props} />;
}
