import { describe, expect, it } from 'vitest';
import type { PreferenceFlags } from '../../storage/repos/settings';
import { isTurnOf } from './Tips';

const none = {} as PreferenceFlags;

describe('guidance one piece at a time', () => {
  it('waits for the tips before it that are on screen', () => {
    const shown = new Set(['hideEditorGuide', 'hideEditorPageTip', 'hidePreviewPageTip'] as const);
    expect(isTurnOf(none, 'hideEditorPageTip', shown)).toBe(false);
    expect(isTurnOf({ ...none, hideEditorGuide: true }, 'hideEditorPageTip', shown)).toBe(true);
    expect(isTurnOf({ ...none, hideEditorGuide: true, hideEditorPageTip: true }, 'hideFontSizeTooltip', shown)).toBe(
      false,
    );
  });

  it('is not held back by the tip of a folded panel', () => {
    const shown = new Set(['hideEditorGuide', 'hideEditorPageTip', 'hideFontSizeTooltip'] as const);
    const prefs = { ...none, hideEditorGuide: true, hideEditorPageTip: true };
    expect(isTurnOf(prefs, 'hideFontSizeTooltip', shown)).toBe(true);
  });
});
