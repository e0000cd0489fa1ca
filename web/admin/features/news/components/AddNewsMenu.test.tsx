// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../../../test/render';
import type { LlmAvailability } from '../api/llm.queries';
import { AddNewsMenu } from './AddNewsMenu';

afterEach(cleanup);

function open(llm: LlmAvailability) {
  const onManual = vi.fn();
  const onAi = vi.fn();
  renderAdmin(<AddNewsMenu llm={llm} onManual={onManual} onAi={onAi} triggerRef={createRef()} />);
  const trigger = screen.getByRole('button', { name: 'Add News' });
  fireEvent.click(trigger);
  return { onManual, onAi, trigger };
}

describe('AddNewsMenu', () => {
  it('offers both ways and starts the AI draft when the model is configured', () => {
    const { onAi, trigger } = open({ configured: true, provider: 'openai', model: 'm' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const ai = screen.getByRole('menuitem', { name: 'Using AI' });
    expect(ai.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(ai);
    expect(onAi).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('disables Using AI with the reason when the model is not configured', () => {
    const { onAi } = open({ configured: false, provider: null, model: null });
    const ai = screen.getByRole('menuitem', { name: 'Using AI' });
    expect(ai.getAttribute('aria-disabled')).toBe('true');
    const note = document.getElementById(ai.getAttribute('aria-describedby')!);
    expect(note?.textContent).toContain('AI content generation is not configured');
    fireEvent.click(ai);
    expect(onAi).not.toHaveBeenCalled();
  });

  it('says the status could not be checked when asking for it failed, not that AI is unconfigured', () => {
    const { onAi } = open('unknown');
    const ai = screen.getByRole('menuitem', { name: 'Using AI' });
    expect(ai.getAttribute('aria-disabled')).toBe('true');
    const note = document.getElementById(ai.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe(
      'AI drafting is unavailable for now: its status could not be checked. Reload the page to try again.',
    );
    fireEvent.click(ai);
    expect(onAi).not.toHaveBeenCalled();
  });

  it('closes on an outside press and on Escape', () => {
    const { onManual } = open('checking');
    expect(screen.getByText('Checking whether AI drafting is available...')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add News' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onManual).not.toHaveBeenCalled();
  });
});
