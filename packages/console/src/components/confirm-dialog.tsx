/**
 * `useConfirm()`: asks a yes/no question in a modal <dialog> (focus moves into it and back; Escape
 * cancels) and resolves with the answer. Render the returned `dialog` once in the page. A page's dialog
 * and the console's own (leaving a page with unsaved work) may both be in the document: ids are unique.
 */
import { useId, useRef, useState } from 'preact/hooks';

/** `destructive`: the answer removes something for good (delete, revoke): its button is red. */
export type ConfirmTone = 'change' | 'destructive';

interface Question {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly tone: ConfirmTone;
  readonly resolve: (answer: boolean) => void;
}

export function useConfirm() {
  const [question, setQuestion] = useState<Question | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;

  const answer = (value: boolean) => {
    question?.resolve(value);
    setQuestion(null);
    dialogRef.current?.close();
    if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
  };

  const confirm = (
    title: string,
    message: string,
    confirmLabel = 'Change anyway',
    tone: ConfirmTone = 'change',
  ): Promise<boolean> =>
    new Promise((resolve) => {
      returnFocus.current = document.activeElement;
      setQuestion({ title, message, confirmLabel, tone, resolve });
      queueMicrotask(() => dialogRef.current?.showModal());
    });

  const dialog = (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
    >
      {question && (
        <form method="dialog" onSubmit={(event) => event.preventDefault()}>
          <h2 id={titleId}>{question.title}</h2>
          <p id={messageId}>{question.message}</p>
          <div class="actions">
            <button type="button" onClick={() => answer(false)}>
              Cancel
            </button>
            <button
              type="button"
              class={question.tone === 'destructive' ? 'danger' : 'primary'}
              onClick={() => answer(true)}
            >
              {question.confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
  return { confirm, dialog };
}

/** The asking function `useConfirm()` gives. */
export type Confirm = ReturnType<typeof useConfirm>['confirm'];
