/**
 * Adding a link layer is one folder implementing the contract plus its conformance test
 * (docs/architecture.md, "How to add a link layer"). Here the toy link layer (tests/architecture/
 * toy/link: both faces of src/engine/link/contract.ts, driven by the shared slotted driver) runs
 * the shared conformance suite — and no file of src/ knows it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SlottedDuplexLink } from '../../src/engine/link/slotted-duplex';
import { cloneFrame, type Subject } from '../engine/link/conformance/harness';
import { describeConformance } from '../engine/link/conformance/suite';
import { ToyArqEntity, ToyFrame, ToyLink, type ToyLinkEvent } from './toy/link';
import { SRC } from './source-imports';

/** The toy link as the conformance suite sees it: two ends, each its own upper face. */
const toyLink: Subject<ToyFrame<number>, ToyLinkEvent> = {
  name: 'Toy stop-and-wait ARQ',
  clock: 'slotted',
  delay: 1,
  frame: () => new ToyFrame<number>(),
  copy: cloneFrame,
  make: () => {
    const a = new ToyArqEntity<number>();
    const b = new ToyArqEntity<number>();
    return { a, b, sa: a, sb: b };
  },
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  tick: 1,
};

describeConformance(toyLink);

describe('the toy link layer', () => {
  it('runs on the shared slotted driver and recovers its losses by retransmission', () => {
    const a = new ToyArqEntity<number>(3);
    const b = new ToyArqEntity<number>(3);
    const link = new ToyLink(a, b, 1);
    expect(link).toBeInstanceOf(SlottedDuplexLink);
    for (let i = 0; i < 10; i++) a.push(i, 100);
    expect(a.queuedUnits).toBe(10);
    const got: number[] = [];
    let sent = 0;
    // A→B frames of slots 1, 4, 9, 16, 25 and 36 are lost: each loss costs a 3-slot timeout.
    const lost = new Set([1, 4, 9, 16, 25, 36]);
    for (let s = 0; s < 60; s++) {
      link.step(lost.has(s), false);
      if (link.lastSent(0) && link.lastFrame(0).data) sent++;
      for (let p = b.pollDelivered(); p !== null; p = b.pollDelivered()) got.push(p);
    }
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(a.queuedUnits).toBe(0);
    expect(sent).toBeGreaterThan(10); // some were sent again
  });

  it('puts a pushFront behind the SDU in flight, ahead of the rest', () => {
    const a = new ToyArqEntity<number>();
    const b = new ToyArqEntity<number>();
    const link = new ToyLink(a, b, 1);
    a.push(1, 10);
    a.push(2, 10);
    link.step(false, false); // 1 goes out
    a.pushFront(9, 10);
    expect(a.queuedBytes).toBe(20); // 9 and 2: 1 is in flight
    const got: number[] = [];
    for (let s = 0; s < 12; s++) {
      link.step(false, false);
      for (let p = b.pollDelivered(); p !== null; p = b.pollDelivered()) got.push(p);
    }
    expect(got).toEqual([1, 9, 2]);
  });

  it('is known to no file of src/ (one folder under tests/, nothing added to the engine)', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(SRC);
    expect(files.length).toBeGreaterThan(100);
    const knowing = files.filter((f) => /ToyArq|architecture\/toy/.test(readFileSync(f, 'utf8')));
    expect(knowing).toEqual([]);
  });
});
