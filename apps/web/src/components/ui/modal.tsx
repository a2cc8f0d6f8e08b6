import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { focusOpener } from '../../lib/focus-opener.ts';
import { Button } from './button.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  closeLabel: string;
  wide?: boolean;
  children: ReactNode;
}

/** An accessible dialog: focus is trapped inside, Escape and the close button dismiss it. */
export function Modal({ open, onOpenChange, title, description, closeLabel, wide, children }: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay" />
        <Dialog.Content
          className={wide ? 'ui-modal__content ui-modal__content--wide' : 'ui-modal__content'}
          // Radix warns when a dialog has no description; none is needed when there is no text.
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Without a Dialog.Trigger Radix drops the focus on the page when the dialog closes: it
          // goes back to whatever opened it (as in the mask editor), e.g. the phone header's Menu.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            focusOpener(opener.current);
          }}
        >
          {/*
           * The title and Close stay at the top of a dialog that scrolls (ui.css): a video made on a
           * phone scrolled them out of sight (docs/decisions/287-dialog-title-stays-in-view.md).
           */}
          <div className="ui-modal__header">
            <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={closeLabel}>
                <span aria-hidden="true">✕</span>
              </Button>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
