/**
 * `useConfirm()`: asks a yes/no question in a modal <dialog> (focus moves into it and back; Escape
 * cancels) and resolves with the answer. Render the returned `dialog` once in the page.
 */
import { useRef, useState } from 'preact/hooks';

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
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
    >
      {question && (
        <form method="dialog" onSubmit={(event) => event.preventDefault()}>
          <h2 id="confirm-title">{question.title}</h2>
          <p id="confirm-message">{question.message}</p>
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
