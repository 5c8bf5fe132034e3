import { describe, expect, it } from 'vitest';
import { visibleNavigation } from './navigation';

const paths = (groups: ReturnType<typeof visibleNavigation>) =>
  groups.flatMap((group) => group.items.map((item) => item.path));

describe('visibleNavigation', () => {
  it('hides upgrade items from accounts that cannot upgrade (spec 000 §6, Type 4)', () => {
    expect(paths(visibleNavigation([], [], { upgradable: true }))).toContain('/bill/upgrade');
    expect(paths(visibleNavigation([], [], { upgradable: false }))).not.toContain('/bill/upgrade');
    expect(paths(visibleNavigation([], [], { upgradable: false }))).toContain('/bill/subscription');
  });
});
