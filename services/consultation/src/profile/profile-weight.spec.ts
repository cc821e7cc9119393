import { profileWeight } from './profile-weight.js';

describe('profile weight', () => {
  it('averages the chosen weights, each counted by its question weight', () => {
    // (2 × 3 + 1 × 1) / (2 + 1) = 7 / 3
    expect(
      profileWeight([
        { question: 2, choice: 3 },
        { question: 1, choice: 1 },
      ]),
    ).toBeCloseTo(7 / 3, 12);
    expect(profileWeight([{ question: 5, choice: 4 }])).toBe(4);
  });

  it('ignores questions of weight 0 and is 1 without a weighted question', () => {
    expect(
      profileWeight([
        { question: 0, choice: 100 },
        { question: 2, choice: 3 },
      ]),
    ).toBe(3);
    expect(profileWeight([{ question: 0, choice: 100 }])).toBe(1);
    expect(profileWeight([])).toBe(1);
  });

  it('counts a negative question weight against its choice and never goes below 0', () => {
    // (-1 × 4 + 3 × 2) / (1 + 3) = 2 / 4
    expect(
      profileWeight([
        { question: -1, choice: 4 },
        { question: 3, choice: 2 },
      ]),
    ).toBe(0.5);
    // (-2 × 5) / 2 = -5 → 0
    expect(profileWeight([{ question: -2, choice: 5 }])).toBe(0);
  });
});
