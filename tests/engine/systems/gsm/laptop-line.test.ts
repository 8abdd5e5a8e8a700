import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { millis } from '../../../../src/engine/core/time';
import { ContinuousDriver } from '../../../../src/engine/link/continuous-driver';
import { AsyncSerialLine } from '../../../../src/engine/link/dte-line';
import { PacketByteStream } from '../../../../src/engine/link/ppp/stream';
import { LaptopLine } from '../../../../src/engine/systems/gsm/laptop-line';

/** A 9600 bit/s line (960 bytes/s) carrying two frames of 48 and 96 bytes, pushed at 0. */
function rig() {
  const scheduler = new Scheduler();
  const line = new AsyncSerialLine(9600);
  const ledger = new PacketByteStream<string>();
  const got: [number, number, number][] = [];
  const laptop = new LaptopLine(line, ledger, {
    receive: (start, end) => got.push([start, end, laptop.now]),
  });
  const driver = new ContinuousDriver(scheduler, laptop);
  return { scheduler, line, ledger, got, laptop, driver };
}

describe('GSM laptop line (the downlink serial line on the continuous driver)', () => {
  it('delivers at the end of each PPP frame in progress, then nothing is armed', () => {
    const { scheduler, line, ledger, got, laptop, driver } = rig();
    ledger.append('a', 48);
    ledger.append('b', 96);
    line.push(0, 144, 0);
    laptop.pushed(0);
    driver.settle(0);
    expect(driver.armedAt(0)).toBe(millis(50)); // 48 bytes at 960 bytes/s
    scheduler.runUntil(millis(1000));
    expect(got).toEqual([
      [0, 48, millis(50)],
      [48, 144, millis(150)],
    ]);
    expect(driver.armedAt(0)).toBe(Infinity);
  });

  it('stops delivering when the call drops', () => {
    const { scheduler, line, ledger, got, laptop, driver } = rig();
    ledger.append('a', 48);
    line.push(0, 48, 0);
    laptop.pushed(0);
    driver.settle(0);
    scheduler.runUntil(millis(20));
    laptop.stop();
    driver.settle(millis(20));
    expect(driver.armedAt(0)).toBe(Infinity);
    scheduler.runUntil(millis(1000));
    expect(got).toEqual([]);
  });
});
