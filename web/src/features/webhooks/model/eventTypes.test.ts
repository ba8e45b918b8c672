import { describe, expect, it } from 'vitest';
import {
  groupEventTypes,
  groupState,
  inPickerOrder,
  pickerGroups,
  toggleGroup,
  toggleType,
} from './eventTypes';

describe('the event picker', () => {
  it('groups types by the resource they are about, in the picker order, scans beside codes', () => {
    const groups = groupEventTypes(['rule.created', 'scan.created', 'qrcode.created', 'qrcode.deleted']);
    expect(groups.map((group) => group.label)).toEqual(['QR codes', 'Scans', 'Rules']);
    expect(groups[0]?.types).toEqual(['qrcode.created', 'qrcode.deleted']);
  });

  it('keeps a type the list does not know, under its own resource, after the known ones', () => {
    const groups = pickerGroups(['zebra.striped', 'qrcode.created']);
    expect(groups.at(-1)).toEqual({ resource: 'zebra', label: 'zebra', types: ['zebra.striped'] });
    expect(groups.flatMap((group) => group.types).filter((type) => type === 'qrcode.created')).toHaveLength(
      1,
    );
  });

  it('ticks a whole group on, then off, and a mixed group on', () => {
    const [codes] = groupEventTypes(['qrcode.created', 'qrcode.updated', 'qrcode.deleted']);
    if (!codes) throw new Error('no group');
    expect(groupState(codes, [])).toBe('none');
    const some = toggleType('qrcode.updated', ['scan.created']);
    expect(groupState(codes, some)).toBe('some');
    const all = toggleGroup(codes, some);
    expect(groupState(codes, all)).toBe('all');
    expect(all).toEqual(['scan.created', 'qrcode.updated', 'qrcode.created', 'qrcode.deleted']);
    expect(toggleGroup(codes, all)).toEqual(['scan.created']);
  });

  it('saves the chosen types in the order the picker lists them', () => {
    expect(inPickerOrder(['member.added', 'scan.created', 'qrcode.deleted', 'qrcode.created'])).toEqual([
      'qrcode.created',
      'qrcode.deleted',
      'scan.created',
      'member.added',
    ]);
  });
});
