import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithI18n } from '../../../test/with-i18n.tsx';
import { ComparisonView, clampPosition } from './comparison-view.tsx';

function renderView(afterUrl: string | null = 'after.png') {
  return render(
    <WithI18n>
      <ComparisonView beforeUrl="before.png" afterUrl={afterUrl} />
    </WithI18n>,
  );
}

function clipOfResult(): string {
  return (screen.getByAltText('Result') as HTMLImageElement).style.clipPath;
}

describe('ComparisonView', () => {
  it('starts at 50%, steps by 10 and clamps to 0–100', () => {
    renderView();
    const slider = screen.getByRole('slider', { name: 'Comparison position' }) as HTMLInputElement;
    expect(slider.value).toBe('50');
    expect(clipOfResult()).toBe('inset(0 0 0 50%)');
    for (let click = 0; click < 7; click += 1) fireEvent.click(screen.getByRole('button', { name: '+10' }));
    expect(slider.value).toBe('100');
    expect((screen.getByRole('button', { name: '+10' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(slider, { target: { value: '30' } });
    expect(clipOfResult()).toBe('inset(0 0 0 30%)');
    fireEvent.click(screen.getByRole('button', { name: '−10' }));
    expect(slider.value).toBe('20');
  });

  it('moves with the arrow keys', () => {
    renderView();
    const area = screen.getByTestId('comparison-area');
    act(() => {
      fireEvent.keyDown(area, { key: 'ArrowLeft' });
    });
    expect(clipOfResult()).toBe('inset(0 0 0 40%)');
  });

  it('shows the original faded and no controls while the result is being made', () => {
    renderView(null);
    expect(screen.getByAltText('Original').className).toContain('comparison__before--loading');
    expect(screen.queryByAltText('Result')).toBeNull();
    expect((screen.getByRole('slider') as HTMLInputElement).disabled).toBe(true);
  });

  it('clamps any value', () => {
    expect(clampPosition(-5)).toBe(0);
    expect(clampPosition(140)).toBe(100);
    expect(clampPosition(Number.NaN)).toBe(0);
  });
});
