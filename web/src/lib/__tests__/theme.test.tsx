import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { initTheme } from '../theme';

const html = document.documentElement;

describe('theme', () => {
  it('is dark when nothing is stored', () => {
    expect(initTheme()).toBe('dark');
    expect(html).toHaveClass('dark');
    expect(html).not.toHaveClass('light');
  });

  it('the toggle switches to light, persists it, and switches back', async () => {
    initTheme();
    const { user } = renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'تبديل المظهر' });

    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(html).toHaveClass('light');
    expect(html).not.toHaveClass('dark');

    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(html).toHaveClass('dark');
  });

  it('survives a reload: the stored choice is applied before the app renders', () => {
    localStorage.setItem('theme', 'light');
    html.className = '';
    expect(initTheme()).toBe('light');
    expect(html).toHaveClass('light');
    expect(html).not.toHaveClass('dark');
  });
});
