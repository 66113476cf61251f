import { describe, expect, it } from 'vitest';
import { InIdOrder } from '../../../src/live/in-id-order.js';

/** An order whose waits for transactions end when the test says so. */
function order() {
  const released: [number, string | undefined][] = [];
  const waits: (() => void)[] = [];
  const inOrder = new InIdOrder(
    (id, payload) => released.push([id, payload]),
    () => new Promise<void>((resolve) => waits.push(resolve)),
  );
  const settle = async () => {
    waits.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { inOrder, released, waits, settle };
}

describe('InIdOrder', () => {
  it('holds messages until it starts, then drops what is at or below the start', () => {
    const { inOrder, released } = order();
    inOrder.add(5, 'p5');
    inOrder.add(7, 'p7');
    inOrder.add(6, 'p6');
    expect(released).toEqual([]);
    inOrder.startAfter(5);
    expect(released).toEqual([
      [6, 'p6'],
      [7, 'p7'],
    ]);
    inOrder.add(4, 'p4');
    expect(released).toHaveLength(2);
  });

  it('holds a message past a gap until the transactions in progress have ended, however long', async () => {
    const { inOrder, released, waits, settle } = order();
    inOrder.startAfter(0);
    inOrder.add(2, 'p2');
    inOrder.add(4, 'p4');
    expect(released).toEqual([]);
    expect(waits).toHaveLength(1);
    inOrder.add(1, 'p1');
    expect(released).toEqual([
      [1, 'p1'],
      [2, 'p2'],
    ]);
    // That wait began when 2 came: the writer of 3 may have started after it, so 4 waits again.
    await settle();
    expect(released).toHaveLength(2);
    await settle();
    // 3 never came: it rolled back, or its message trails its commit; the reader looks it up.
    expect(released.slice(2)).toEqual([
      [3, undefined],
      [4, 'p4'],
    ]);
    inOrder.add(3, 'p3');
    expect(released).toHaveLength(4);
  });

  it('a wait begun before a restart decides nothing after it', async () => {
    const { inOrder, released, waits, settle } = order();
    inOrder.startAfter(0);
    inOrder.add(3, 'p3');
    inOrder.startAfter(1);
    await settle();
    // The stale wait released nothing and a new one began for the gap at 2.
    expect(released).toEqual([]);
    expect(waits).toHaveLength(1);
    await settle();
    expect(released).toEqual([
      [2, undefined],
      [3, 'p3'],
    ]);
  });
});
