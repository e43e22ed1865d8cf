/** A flag's tags as a person types them: separated by commas or spaces (a tag holds neither, §2). */
export const tagsOfText = (text: string): string[] => text.split(/[\s,]+/).filter((tag) => tag !== '');

/** What the tags input says under it. */
export const tagsHint = 'Separated by commas or spaces.';
