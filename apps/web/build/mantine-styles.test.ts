import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { styleSheetFor } from './mantine-styles';

const mantine = decodeURIComponent(new URL('../../../node_modules/@mantine', import.meta.url).pathname);

describe('styleSheetFor', () => {
  it("gives a core component's class names module its own style sheet", () => {
    const id = path.join(mantine, 'core/esm/components/Button/Button.module.mjs');
    expect(styleSheetFor(id)).toBe(path.join(mantine, 'core/styles/Button.css'));
    const nested = path.join(mantine, 'core/esm/components/Checkbox/CheckboxCard/CheckboxCard.module.mjs');
    expect(styleSheetFor(nested)).toBe(path.join(mantine, 'core/styles/CheckboxCard.css'));
  });

  it("gives the dates and notifications packages' modules their package's sheet", () => {
    expect(styleSheetFor(path.join(mantine, 'dates/esm/components/Day/Day.module.mjs'))).toBe(
      path.join(mantine, 'dates/styles.css'),
    );
    expect(styleSheetFor(path.join(mantine, 'notifications/esm/Notifications.module.mjs'))).toBe(
      path.join(mantine, 'notifications/styles.css'),
    );
  });

  it('leaves every other module alone', () => {
    expect(styleSheetFor(path.join(mantine, 'core/esm/components/Button/Button.mjs'))).toBeUndefined();
    expect(styleSheetFor(path.join(mantine, 'core/esm/components/Nothing/Nothing.module.mjs'))).toBeUndefined();
    expect(styleSheetFor('/work/app/src/components/layout/top-bar.module.css')).toBeUndefined();
  });
});
