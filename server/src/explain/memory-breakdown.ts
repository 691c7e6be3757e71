// The device's memory as a message describes it, and whether its figures hold together. Pure.
import type { OomMessage } from './oom-message';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** The device's memory as the message describes it, in bytes; absent where it cannot be worked out. */
export interface MemoryBreakdown {
  /** The device's capacity, or the MPS limit ("max allowed"). */
  capacity?: number;
  requested?: number;
  free?: number;
  /** Handed out to this program's tensors. */
  allocatedByPyTorch?: number;
  /** Held by PyTorch's allocator but not handed out: the room fragmentation wastes. */
  reservedUnallocated?: number;
  /** Not held by PyTorch's allocator: other processes, the CUDA context, non-PyTorch libraries, the display. */
  outsidePyTorch?: number;
  /** The part of `outsidePyTorch` in this process ("Including non-PyTorch memory, this process has ..."). */
  nonPyTorchInThisProcess?: number;
  privatePools?: number;
  allowed?: number;
}

/** No device holds a pebibyte: a larger figure is an overflow, not a size. */
export const IMPOSSIBLE_BYTES = 2 ** 50;

export type Inconsistency = 'free-above-total' | 'allocated-above-total' | 'reserved-above-total';

/** A figure that contradicts the total, when one does. */
export function inconsistency(message: OomMessage): { what: Inconsistency; size: number; capacity: number } | undefined {
  const capacity = message.backend === 'mps' ? message.maxAllowed : message.total;
  if (capacity === undefined || capacity <= 0) return undefined;
  // Printed sizes are rounded to two decimals.
  const over = (value: number | undefined) => value !== undefined && value > capacity * 1.005 + 16 * MiB;
  if (over(message.free)) return { what: 'free-above-total', size: message.free!, capacity };
  const reserved = message.reservedTotal ?? (message.allocated !== undefined && message.reservedUnallocated !== undefined ? message.allocated + message.reservedUnallocated : undefined);
  if (over(message.allocated)) return { what: 'allocated-above-total', size: message.allocated!, capacity };
  if (over(reserved)) return { what: 'reserved-above-total', size: reserved!, capacity };
  return undefined;
}

/** Whether a figure of the message is no real size (an overflowed or negative dimension). */
export function hasImpossibleSize(message: OomMessage): boolean {
  const capacity = message.backend === 'mps' ? message.maxAllowed : message.total;
  const requested = message.requested;
  if (requested === undefined) return false;
  return requested >= IMPOSSIBLE_BYTES || (capacity !== undefined && capacity > 0 && requested > 4096 * capacity && requested > 64 * GiB);
}

const sane = (value: number | undefined) => value !== undefined && Number.isFinite(value) && value >= 0 && value < IMPOSSIBLE_BYTES;

/**
 * The breakdown the diagnosis and the bars use. Figures that are no real sizes are left out, and so
 * are the parts worked out from figures that contradict each other.
 */
export function memoryBreakdown(message: OomMessage): MemoryBreakdown {
  const breakdown: MemoryBreakdown = {};
  const put = (field: keyof MemoryBreakdown, value: number | undefined) => {
    if (sane(value)) breakdown[field] = value!;
  };
  put('requested', message.requested);
  put('privatePools', message.privatePools);
  put('allowed', message.allowed);
  const consistent = inconsistency(message) === undefined;
  if (message.backend === 'mps') {
    put('capacity', message.maxAllowed);
    put('allocatedByPyTorch', message.mpsAllocated);
    put('outsidePyTorch', message.otherAllocations);
    if (consistent && message.maxAllowed !== undefined && message.mpsAllocated !== undefined && message.otherAllocations !== undefined) {
      put('free', Math.max(0, message.maxAllowed - message.mpsAllocated - message.otherAllocations));
    }
    return breakdown;
  }
  put('capacity', message.total);
  put('free', message.free);
  put('allocatedByPyTorch', message.allocated);
  const unallocated =
    message.reservedUnallocated ??
    message.cached ??
    (message.reservedTotal !== undefined && message.allocated !== undefined ? Math.max(0, message.reservedTotal - message.allocated) : undefined);
  put('reservedUnallocated', unallocated);
  if (!consistent) return breakdown;
  const reserved = message.reservedTotal ?? (message.allocated !== undefined && unallocated !== undefined ? message.allocated + unallocated : undefined);
  if (message.total !== undefined && message.free !== undefined && reserved !== undefined) put('outsidePyTorch', Math.max(0, message.total - message.free - reserved));
  if (message.processInUse !== undefined && reserved !== undefined) put('nonPyTorchInThisProcess', Math.max(0, message.processInUse - reserved));
  return breakdown;
}

/** What PyTorch's allocator holds in all, when the message says. */
export function reservedOf(b: MemoryBreakdown): number | undefined {
  return b.allocatedByPyTorch !== undefined && b.reservedUnallocated !== undefined ? b.allocatedByPyTorch + b.reservedUnallocated : undefined;
}

/**
 * The block the CUDA caching allocator asks the driver for to serve a request: 2 MiB for requests of
 * 1 MiB or less, 20 MiB below 10 MiB, else the request rounded up to 2 MiB.
 */
export function blockFor(requested: number): number {
  if (requested <= MiB) return 2 * MiB;
  if (requested < 10 * MiB) return 20 * MiB;
  return Math.ceil(requested / (2 * MiB)) * 2 * MiB;
}
