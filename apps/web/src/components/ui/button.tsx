import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'medium' | 'small' | 'icon';
}

/** The product's button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'secondary', size = 'medium', className, type, ...props }: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`];
  if (size !== 'medium') classes.push(`ui-button--${size}`);
  if (className) classes.push(className);
  return <button type={type ?? 'button'} className={classes.join(' ')} {...props} />;
}
