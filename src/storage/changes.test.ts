import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeBus, type StorageChange } from './changes';

const buses: ChangeBus[] = [];
afterEach(() => {
  for (const bus of buses.splice(0)) bus.close();
  vi.unstubAllGlobals();
});

describe('ChangeBus', () => {
  it('tells this tab at once and other tabs through the channel', async () => {
    const name = `bus-${Math.random()}`;
    const a = new ChangeBus(name);
    const b = new ChangeBus(name);
    buses.push(a, b);
    const inA: StorageChange[] = [];
    a.subscribe((c) => inA.push(c));
    const inB = new Promise<StorageChange>((resolve) => b.subscribe(resolve));
    a.emit({ action: 'template.save', stores: ['templates'], keys: ['t1'] });
    expect(inA).toEqual([{ action: 'template.save', stores: ['templates'], keys: ['t1'], origin: 'local' }]);
    expect(await inB).toEqual({ action: 'template.save', stores: ['templates'], keys: ['t1'], origin: 'remote' });
  });

  it('still works within the tab where BroadcastChannel does not exist', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const bus = new ChangeBus('none');
    buses.push(bus);
    const seen = vi.fn();
    const unsubscribe = bus.subscribe(seen);
    bus.emit({ action: 'x', stores: ['settings'] });
    unsubscribe();
    bus.emit({ action: 'y', stores: ['settings'] });
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
