import { isProjectOpen, projectState, todayIn } from './project-dates.js';

const project = (active: boolean) => ({ active, start_date: '2026-11-07', end_date: '2026-12-21' });

describe('project dates', () => {
  it('counts days on the calendar of the time zone', () => {
    const lateEvening = new Date('2026-11-21T23:30:00Z');
    expect(todayIn('Europe/Athens', lateEvening)).toBe('2026-11-22');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-21');
    // Athens is UTC+3 in summer: 21:00 UTC is already the next day there
    expect(todayIn('Europe/Athens', new Date('2026-07-31T21:00:00Z'))).toBe('2026-08-01');
    expect(todayIn('Europe/Athens', new Date('2026-07-31T20:59:59Z'))).toBe('2026-07-31');
  });

  it('is upcoming before the start date, open on both end days, closed after', () => {
    expect(projectState(project(true), '2026-11-06')).toBe('upcoming');
    expect(projectState(project(true), '2026-11-07')).toBe('open');
    expect(projectState(project(true), '2026-12-01')).toBe('open');
    expect(projectState(project(true), '2026-12-21')).toBe('open');
    expect(projectState(project(true), '2026-12-22')).toBe('closed');
  });

  it('is never open while inactive', () => {
    expect(projectState(project(false), '2026-11-06')).toBe('upcoming');
    expect(projectState(project(false), '2026-12-01')).toBe('closed');
    expect(isProjectOpen(project(false), '2026-12-01')).toBe(false);
    expect(isProjectOpen(project(true), '2026-12-01')).toBe(true);
  });

  it('opens at midnight of the time zone on the start date and closes at midnight after the end date', () => {
    const day = (iso: string) => todayIn('Europe/Athens', new Date(iso));
    // 2026-11-06 22:00 UTC is 2026-11-07 00:00 in Athens (UTC+2 in winter)
    expect(projectState(project(true), day('2026-11-06T21:59:59Z'))).toBe('upcoming');
    expect(projectState(project(true), day('2026-11-06T22:00:00Z'))).toBe('open');
    expect(projectState(project(true), day('2026-12-21T21:59:59Z'))).toBe('open');
    expect(projectState(project(true), day('2026-12-21T22:00:00Z'))).toBe('closed');
  });
});
